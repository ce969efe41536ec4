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
import type { RequestHandler } from 'express';
import { addressMatcher } from '@openpool/domain/address-matcher';
import { bareAddress, quotaClientKey } from '@openpool/domain/client-address';
import { createFixedWindow } from '@openpool/domain/fixed-window';

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

export function minerPageQuota(options: MinerPageQuotaOptions): RequestHandler {
  if (options.perMinute <= 0) return (_req, _res, next) => next();
  const now = options.now ?? Date.now;
  const exempt = addressMatcher(options.exempt);
  // The API's arithmetic (fixed minutes on the epoch), counted here while the API cannot answer.
  const window = createFixedWindow({ quota: options.perMinute, windowSeconds: 60, maxClients: options.maxClients ?? 200_000 });
  const policy = `"miner-pages";q=${options.perMinute};w=60`;
  const local = (ip: string, res: Parameters<RequestHandler>[1]): boolean => {
    const state = window.take(quotaClientKey(ip), now());
    // Past maxClients in one minute new clients pass uncounted rather than grow the map.
    if (!state.counted) return true;
    res.set({ 'ratelimit-policy': policy, ratelimit: `"miner-pages";r=${state.remaining};t=${state.reset}` });
    if (!state.over) return true;
    refuse(res, state.reset);
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
