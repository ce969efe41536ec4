/**
 * The quota of the site's miner pages (decision 016's addendum): a miner's stats, workers,
 * payouts and settings pages, their `.data` answers and the watcher links' pages read the same
 * figures as the public API, so a client the API refuses could read them here instead (100 of
 * 100 `.data` requests did). Each such request is counted in the visitor's own API quota
 * (`POST /internal/v1/quota`, which only the site's servers may call): a visitor the API
 * refuses is refused here, and pages count toward its API calls. When the API cannot answer
 * (down, slow, an old release) a local quota of the same kind holds instead: per client (an
 * IPv4 address, an IPv6 /64, forwarded `ip:port` and `[v6]:port` read bare), MINER_PAGE_LIMIT a
 * minute (120 by default). Both are counted before the page cache, so a cached page counts
 * too. The site's own host is exempt (MINER_PAGE_LIMIT_EXEMPT, loopback by default), as it is
 * from the API's.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { RequestHandler } from 'express';
import { bareAddress, quotaClientKey } from '@openpool/domain/client-address';

/** `/ltc/miner/…`, `/ru/ltc/miner/…`, `/watch/…`, `/ru/watch/…`, with or without `.data`. */
const MINER_PAGE = /^\/(?:[^/]+\/){1,2}miner\/|^\/(?:[^/]+\/)?watch\//;

/**
 * Whether `path` is one the router answers with a miner or watcher page. React Router matches
 * without regard to case and decodes each segment, and its request URL has its dot segments
 * resolved (`/ltc/MINER/…`, `/ltc/%6Diner/…`, `/x/../ltc/miner/…` render the same page), so the
 * test runs on the resolved, decoded, lower-cased path; one that cannot be decoded is counted
 * rather than waved through.
 */
function isMinerPage(path: string): boolean {
  let plain: string;
  try {
    // The URL parser resolves `.` and `..` segments (`%2e` too) as the router's request does.
    plain = decodeURIComponent(new URL(path, 'http://site.invalid').pathname);
  } catch {
    return true;
  }
  return MINER_PAGE.test(plain.toLowerCase());
}

export interface MinerPageQuotaOptions {
  /** Requests a client may make a minute; 0 turns the quota off. */
  perMinute: number;
  /** Addresses never counted (TRUST_PROXY's syntax). */
  exempt: readonly string[];
  now?: () => number;
  maxClients?: number;
  /** Counts one request in the client's API quota; null when the API cannot say (the local quota holds). */
  apiQuota?: (client: string) => Promise<ApiQuotaAnswer | null>;
}

/** `POST /internal/v1/quota`'s answer. */
export interface ApiQuotaAnswer {
  counted: boolean;
  over: boolean;
  remaining: number;
  reset: number;
  /** The policy as the RateLimit-Policy field names it. */
  policy: string;
}

/** Asks the API to count a visitor's page in its quota; null on any failure, at most `timeoutMs`. */
export function apiQuotaClient(apiUrl: string, timeoutMs = 300): (client: string) => Promise<ApiQuotaAnswer | null> {
  return async (client) => {
    try {
      const response = await fetch(`${apiUrl}/internal/v1/quota`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return null;
      const answer = (await response.json()) as Partial<ApiQuotaAnswer>;
      return typeof answer.over === 'boolean' && typeof answer.remaining === 'number' && typeof answer.reset === 'number'
        ? (answer as ApiQuotaAnswer)
        : null;
    } catch {
      return null;
    }
  };
}

function refuse(res: Parameters<RequestHandler>[1], reset: number) {
  res
    .status(429)
    .set({ 'retry-after': String(reset), 'cache-control': 'no-store' })
    .type('text/plain')
    .send(`Too many requests from your address: try again in ${reset} s.`);
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
  const local = (ip: string, res: Parameters<RequestHandler>[1]): boolean => {
    const nowMs = now();
    if (nowMs >= windowEnd) {
      counts.clear();
      windowEnd = nowMs - (nowMs % 60_000) + 60_000;
    }
    const key = quotaClientKey(ip);
    const used = counts.get(key);
    // Past this many clients in one minute new ones pass uncounted rather than grow the map.
    if (used === undefined && counts.size >= maxClients) return true;
    const count = (used ?? 0) + 1;
    counts.set(key, count);
    const reset = Math.max(1, Math.ceil((windowEnd - nowMs) / 1000));
    res.set({ 'ratelimit-policy': policy, ratelimit: `"miner-pages";r=${Math.max(0, options.perMinute - count)};t=${reset}` });
    if (count <= options.perMinute) return true;
    refuse(res, reset);
    return false;
  };
  return (req, res, next) => {
    if (!isMinerPage(req.path)) return next();
    const ip = bareAddress(req.ip ?? req.socket.remoteAddress ?? '');
    if (exempt(ip)) return next();
    if (!options.apiQuota) return local(ip, res) ? next() : undefined;
    options.apiQuota(ip).then(
      (answer) => {
        if (!answer) return local(ip, res) ? next() : undefined;
        if (!answer.counted) return next();
        const name = /^"([^"]+)"/.exec(answer.policy)?.[1] ?? 'default';
        res.set({ 'ratelimit-policy': answer.policy, ratelimit: `"${name}";r=${answer.remaining};t=${answer.reset}` });
        return answer.over ? refuse(res, answer.reset) : next();
      },
      () => (local(ip, res) ? next() : undefined),
    );
  };
}
