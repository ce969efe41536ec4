/**
 * The quota of the site's miner pages (decision 016's addendum): a miner's stats, workers,
 * payouts and settings pages, their `.data` answers and the watcher links' pages read the same
 * figures as the public API, so a client the API refuses could read them here instead (100 of
 * 100 `.data` requests did). They count per client, like the API's quota (an IPv4 address, an
 * IPv6 /64, forwarded `ip:port` and `[v6]:port` read bare), in a quota of their own: a person
 * opening pages needs far fewer than a script (MINER_PAGE_LIMIT a minute, 120 by default),
 * counted before the page cache so a cached page counts too. The site's own host is exempt
 * (MINER_PAGE_LIMIT_EXEMPT, loopback by default), as it is from the API's. Counted in this
 * process: N web workers or replicas give a client up to N x the quota, as for the API.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { RequestHandler } from 'express';
import { bareAddress, quotaClientKey } from '@openpool/domain/client-address';

/** `/ltc/miner/…`, `/ru/ltc/miner/…`, `/watch/…`, `/ru/watch/…`, with or without `.data`. */
const MINER_PAGE = /^\/(?:[^/]+\/){1,2}miner\/|^\/(?:[^/]+\/)?watch\//;

export interface MinerPageQuotaOptions {
  /** Requests a client may make a minute; 0 turns the quota off. */
  perMinute: number;
  /** Addresses never counted (TRUST_PROXY's syntax). */
  exempt: readonly string[];
  now?: () => number;
  maxClients?: number;
}

const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
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

function exemptMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    for (const [net, bits, type] of NAMED[entry] ?? []) list.addSubnet(net, bits, type);
    if (NAMED[entry]) continue;
    const [address = '', bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (client) => {
    const ip = bareAddress(client);
    const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
    if (isIPv4(address)) return list.check(address, 'ipv4');
    return isIPv6(address) && list.check(address, 'ipv6');
  };
}

export function minerPageQuota(options: MinerPageQuotaOptions): RequestHandler {
  if (options.perMinute <= 0) return (_req, _res, next) => next();
  const now = options.now ?? Date.now;
  const exempt = exemptMatcher(options.exempt);
  const maxClients = options.maxClients ?? 200_000;
  const counts = new Map<string, number>();
  let windowEnd = 0;
  const policy = `"miner-pages";q=${options.perMinute};w=60`;
  return (req, res, next) => {
    if (!MINER_PAGE.test(req.path)) return next();
    const ip = req.ip ?? req.socket.remoteAddress ?? '';
    if (exempt(ip)) return next();
    const nowMs = now();
    if (nowMs >= windowEnd) {
      counts.clear();
      windowEnd = nowMs - (nowMs % 60_000) + 60_000;
    }
    const key = quotaClientKey(ip);
    const used = counts.get(key);
    // Past this many clients in one minute new ones pass uncounted rather than grow the map.
    if (used === undefined && counts.size >= maxClients) return next();
    const count = (used ?? 0) + 1;
    counts.set(key, count);
    const reset = Math.max(1, Math.ceil((windowEnd - nowMs) / 1000));
    res.set({ 'ratelimit-policy': policy, ratelimit: `"miner-pages";r=${Math.max(0, options.perMinute - count)};t=${reset}` });
    if (count <= options.perMinute) return next();
    res
      .status(429)
      .set({ 'retry-after': String(reset), 'cache-control': 'no-store' })
      .type('text/plain')
      .send(`Too many requests for miner pages from your address: try again in ${reset} s.`);
  };
}
