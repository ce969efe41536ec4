/**
 * TRUST_PROXY-style entries (`trust-proxy.ts`: addresses, CIDR ranges, `loopback`, `linklocal`,
 * `uniquelocal`) as a matcher of client addresses: the addresses the API's rate limits and the
 * site's miner-page quota never count (API_RATE_LIMIT_EXEMPT, MINER_PAGE_LIMIT_EXEMPT). Server
 * side only (node:net). IPv4-mapped IPv6 addresses match as IPv4; forwarded forms bare first.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { bareAddress } from './client-address.ts';

const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

export function addressMatcher(entries: readonly string[]): (client: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const named = NAMED_RANGES[entry];
    if (named) for (const [net, bits, type] of named) list.addSubnet(net, bits, type);
    else {
      const [address = '', bits] = entry.split('/');
      const type = isIPv4(address) ? 'ipv4' : 'ipv6';
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    }
  }
  return (client) => {
    const ip = bareAddress(client);
    const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
    if (isIPv4(address)) return list.check(address, 'ipv4');
    return isIPv6(address) && list.check(address, 'ipv6');
  };
}
