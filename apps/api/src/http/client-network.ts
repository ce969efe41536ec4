/**
 * The network a client address belongs to, the unit limits count in (decision 016): an IPv4
 * /24 and an IPv6 /56 (what one subscriber or one small hosting customer holds), an
 * IPv4-mapped IPv6 address as the IPv4 address it carries. One source rotating addresses
 * inside its own network stays one client.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { bareAddress } from '@openpool/domain/client-address';

/** The eight 16-bit groups of an IPv6 address (with an IPv4 tail, if any), or null. */
export function ipv6Groups(ip: string): number[] | null {
  const address = bareAddress(ip).split('%')[0]!.toLowerCase();
  if (!isIPv6(address)) return null;
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(zeros).fill('0'), ...right].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * The IPv6 /48 around an address (one site: what a business or a free tunnel broker hands out,
 * 256 /56s), or null for IPv4 and IPv4-mapped addresses. Limits count a /48 too, with more
 * room, so that one holder of a /48 does not get 256 networks' worth of guesses (decision 016).
 */
export function ipv6Site(client: string): string | null {
  const ip = bareAddress(client);
  if (isIPv4(ip)) return null;
  const groups = ipv6Groups(ip);
  if (!groups || (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

/**
 * `203.0.113.0/24`, `2001:db8:1:200::/56`; anything that is not an IP address as it is. A
 * forwarded `ip:port` or `[v6]:port` is its bare address first, so a source port is not a network.
 */
export function clientNetwork(client: string): string {
  const ip = bareAddress(client);
  if (isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  // ::ffff:a.b.c.d (and its hex form ::ffff:c000:201) is an IPv4 client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.0/24`;
  const prefix = [groups[0]!, groups[1]!, groups[2]!, groups[3]! & 0xff00];
  return `${prefix.map((group) => group.toString(16)).join(':')}::/56`;
}

/** The key of one client (referral attribution): IPv4 as it is; IPv6 by its /64; IPv4-mapped IPv6 as IPv4. */
export function clientKey(client: string): string {
  const ip = bareAddress(client);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
