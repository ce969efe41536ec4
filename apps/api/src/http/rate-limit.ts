/**
 * A fair public API (decision 023): every client gets the same quota per fixed
 * window, told in the IETF `RateLimit-Policy` and `RateLimit` fields
 * (draft-ietf-httpapi-ratelimit-headers) on every answer, and 429 with `Retry-After` past it.
 *
 * - A client is its address (`request.ip`, believed through TRUST_PROXY): an IPv4 address, or the
 *   IPv6 /64 a subscriber holds.
 * - The site's own server-side calls come from its web servers' addresses, named in
 *   API_RATE_LIMIT_EXEMPT (default: loopback, where `npm start` runs the web server): they are
 *   never counted. A browser's calls come from the visitor's address and are.
 * - Exports cost seconds of work each: they also count against a smaller quota of their own.
 * - Counted in this process (no write per request): with N replicas behind a balancer that
 *   spreads a client's requests evenly, a client gets up to N x quota; set the quota to what
 *   one client may have divided by N (decision 023 has the arithmetic).
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { z } from 'zod';
import { limitRefusal } from './errors.ts';
import { addressMatcher } from '@openpool/domain/address-matcher';
import { bareAddress } from '@openpool/domain/client-address';
import { createFixedWindow } from '@openpool/domain/fixed-window';
import { ipv6Groups } from './client-network.ts';

export interface RatePolicy {
  /** The policy's name in the headers. */
  name: string;
  /** Requests a client may make in one window. */
  quota: number;
  windowSeconds: number;
}

export interface RateLimitOptions {
  /** Every counted request; 0 turns limits off. */
  general: RatePolicy;
  /** Exports, on top of the general quota. */
  export: RatePolicy;
  /** Addresses never counted: the site's web servers (TRUST_PROXY's syntax). */
  exempt: readonly string[];
  now: () => number;
  /** Distinct clients kept per window; past it new clients pass uncounted (and it is logged once). */
  maxClients?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: not part of the public API's quota (health, readiness, ingest); 'export': also the export quota. */
    rateLimit?: false | 'export';
  }
}

export const DEFAULT_RATE_LIMITS = {
  general: { name: 'default', quota: 300, windowSeconds: 60 },
  export: { name: 'export', quota: 20, windowSeconds: 600 },
} as const satisfies Record<string, RatePolicy>;

/** The unit a quota counts: an IPv4 address, or an IPv6 /64; a forwarded `ip:port` or `[v6]:port` as its bare address. */
export function clientKey(client: string): string {
  const ip = bareAddress(client);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  const groups = ipv6Groups(ip);
  return groups
    ? `${groups
        .slice(0, 4)
        .map((group) => group.toString(16))
        .join(':')}::/64`
    : ip;
}

/** A policy's fixed window (one count per client, all dropped when it turns), told when it is full. */
function createWindow(policy: RatePolicy, maxClients: number, onFull: () => void) {
  const window = createFixedWindow({ quota: policy.quota, windowSeconds: policy.windowSeconds, maxClients });
  return {
    policy,
    take(key: string, nowMs: number) {
      const state = window.take(key, nowMs);
      if (!state.counted) onFull();
      return state;
    },
  };
}

const policyField = (policy: RatePolicy) => `"${policy.name}";q=${policy.quota};w=${policy.windowSeconds}`;

export function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): void {
  if (options.general.quota <= 0) return;
  const exempt = addressMatcher(options.exempt);
  let warned = false;
  const onFull = () => {
    if (warned) return;
    warned = true;
    app.log.warn({ maxClients: options.maxClients }, 'rate limit: too many clients in one window; new ones pass uncounted');
  };
  const maxClients = options.maxClients ?? 200_000;
  const general = createWindow(options.general, maxClients, onFull);
  const exports = createWindow(options.export, maxClients, onFull);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { config, url, schema } = request.routeOptions;
    // Not the public API: no route (a 404 costs nothing), preflights, the docs page, routes hidden
    // from the docs (health, readiness, the bot's webhook) and ingest (stratum servers, by token).
    if (url === undefined || request.method === 'OPTIONS' || config.rateLimit === false) return;
    if (schema?.hide === true || url.startsWith('/docs') || url.startsWith('/internal/')) return;
    if (exempt(request.ip)) return;
    const key = clientKey(request.ip);
    const now = options.now();
    const windows = config.rateLimit === 'export' ? [general, exports] : [general];
    const states = windows.map((window) => ({ window, ...window.take(key, now) }));
    reply.header('ratelimit-policy', states.map((state) => policyField(state.window.policy)).join(', '));
    reply.header(
      'ratelimit',
      states.map((state) => `"${state.window.policy.name}";r=${state.remaining};t=${state.reset}`).join(', '),
    );
    const over = states.filter((state) => state.over);
    if (over.length > 0) throw limitRefusal('api_rate_limit', Math.max(...over.map((state) => state.reset)));
  });

  // The site's miner pages read what this quota guards: its web server counts each page a
  // visitor loads here, in the visitor's own quota (decision 016's addendum of 2026-11-28). Only
  // the exempt addresses (the site's servers) may ask; to anyone else the route does not exist.
  app.post(
    '/internal/v1/quota',
    {
      schema: { hide: true, body: z.object({ client: z.string().max(64) }) },
      config: { rateLimit: false, cache: 'none' },
    },
    async (request, reply) => {
      if (!exempt(request.ip)) return reply.code(404).send({ error: 'not_found', message: 'Not found' });
      const client = bareAddress((request.body as { client: string }).client);
      if (!isIPv4(client) && !isIPv6(client))
        return reply.code(400).send({ error: 'validation', message: 'client must be an IP address' });
      // The site's host itself is not counted here either.
      if (exempt(client))
        return { counted: false, over: false, remaining: options.general.quota, reset: 0, policy: policyField(options.general) };
      const state = general.take(clientKey(client), options.now());
      return {
        counted: true,
        over: state.over,
        remaining: state.remaining,
        reset: state.reset,
        policy: policyField(options.general),
      };
    },
  );
}

type SchemaTransform = (input: Parameters<SwaggerTransform>[0]) => { schema: FastifySchema; url: string };

/** What the OpenAPI document says about limits on every counted route: its 429 and the fields. */
export function documentLimits(transform: SchemaTransform, limits: { general: RatePolicy; export: RatePolicy }) {
  const field = (description: string) => ({ type: 'string', description });
  return (input: Parameters<SwaggerTransform>[0]) => {
    const out = transform(input);
    const schema = out.schema as FastifySchema & { hide?: boolean; response?: Record<string, unknown> };
    const config = (input.route.config ?? {}) as { rateLimit?: false | 'export' };
    if (schema.hide || config.rateLimit === false || input.url.startsWith('/internal/')) return out;
    const policies = config.rateLimit === 'export' ? [limits.general, limits.export] : [limits.general];
    const headers = {
      RateLimit: field('Quota left now per policy: `"name";r=<requests left>;t=<seconds until the window turns>`'),
      'RateLimit-Policy': field(`The quotas: ${policies.map(policyField).join(', ')} (q requests per w seconds, per client)`),
    };
    const response = { ...(schema.response ?? {}) } as Record<string, Record<string, unknown>>;
    for (const [status, body] of Object.entries(response))
      if (typeof body === 'object' && body !== null) response[status] = { ...body, headers: { ...headers } };
    response['429'] = {
      description: 'Past the quota of a policy: wait Retry-After seconds (decision 023)',
      headers: { ...headers, 'Retry-After': field('seconds until a request is counted again') },
      type: 'object',
      properties: { error: { type: 'string', enum: ['api_rate_limit'] }, message: { type: 'string' } },
    };
    return { ...out, schema: { ...schema, response } };
  };
}
