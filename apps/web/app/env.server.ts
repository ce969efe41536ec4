/**
 * The web server's environment, parsed once at start-up; nothing else reads process.env.
 * A bad value stops the server with every problem listed.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { referralSecretSchema } from '@openpool/domain/referral-landing';
import { trustProxySchema } from '@openpool/domain/trust-proxy';
import {
  DEFAULT_PORTS,
  localOrigin,
  loopbackOrigin,
  metricsHostSchema,
  metricsPortSchema,
  originSchema,
  parseEnvironment,
  portSchema,
} from '@openpool/domain/env-pieces';

const schema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: portSchema.default(DEFAULT_PORTS.site),
    API_PORT: portSchema.default(DEFAULT_PORTS.api),
    /** Base URL loaders use to reach the API from the server. */
    API_URL: originSchema.optional(),
    /** Base URL the browser uses to reach the API. */
    PUBLIC_API_URL: originSchema.optional(),
    /** The Russian-domain site host (e.g. openpool.ru) and the API base URL used there. */
    RU_SITE_HOST: z
      .string()
      .regex(/^[a-z0-9.-]+(?::\d+)?$/i)
      .optional(),
    RU_API_URL: originSchema.optional(),
    /** Public origin of the site, for canonical and hreflang links. */
    SITE_URL: originSchema.optional(),
    /** Parent domain the referral cookie is shared on, e.g. `.openpool.example`. */
    COOKIE_DOMAIN: z
      .string()
      .regex(/^\.?[a-z0-9.-]+$/i)
      .optional(),
    CONTENT_DIR: z.string().min(1).optional(),
    /** Proxies whose X-Forwarded-* headers are believed; none by default. */
    TRUST_PROXY: trustProxySchema,
    /**
     * Miner pages (and their `.data` answers) a client may load a minute, on top of the API's
     * own quota; 0 turns it off. MINER_PAGE_LIMIT_EXEMPT: addresses never counted (the site's host).
     */
    MINER_PAGE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(120),
    MINER_PAGE_LIMIT_EXEMPT: trustProxySchema.default(['loopback']),
    /** Memory the page cache may hold, in MB of rendered HTML; 0 turns it off (every page renders). */
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
    /**
     * Seconds the web server may reuse a pool-wide API answer the API marks public (never
     * longer than its max-age); 0 fetches every answer for every render.
     */
    API_REUSE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    /** Web server processes on the port (renders are CPU work, one core each); 1 runs no supervisor. */
    WEB_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * Signs the first-touch `ref_landing` cookie of a referral link; the API checks it with the
     * same secret (decision 017). Unset: `ref` alone is set, and the API records no referral.
     */
    REFERRAL_SECRET: referralSecretSchema,
    /** Prometheus metrics on their own port (decision 022); unset: none are kept. 0 picks a free port. */
    WEB_METRICS_PORT: metricsPortSchema,
    /** Interface of the metrics port: loopback unless the operator opens it. */
    METRICS_HOST: metricsHostSchema,
  })
  .refine((env) => !env.RU_SITE_HOST === !env.RU_API_URL, {
    message: 'RU_SITE_HOST and RU_API_URL are set together or not at all',
    path: ['RU_API_URL'],
  });

export interface WebEnv {
  nodeEnv: 'production' | 'development' | 'test';
  host: string;
  port: number;
  apiUrl: string;
  publicApiUrl: string;
  ruSiteHost: string | undefined;
  ruApiUrl: string | undefined;
  siteUrl: string;
  cookieDomain: string | undefined;
  referralSecret: string | undefined;
  contentDir: string;
  trustProxy: string[];
  minerPageLimit: { perMinute: number; exempt: string[] };
  pageCacheBytes: number;
  apiReuseSeconds: number;
  workers: number;
  metrics?: { host: string; port: number };
}

export function parseWebEnv(source: Record<string, string | undefined>, repoRoot: string): WebEnv {
  const env = parseEnvironment(schema, source, 'the web server');
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    apiUrl: env.API_URL ?? loopbackOrigin(env.API_PORT),
    publicApiUrl: env.PUBLIC_API_URL ?? localOrigin(env.API_PORT),
    ruSiteHost: env.RU_SITE_HOST?.toLowerCase(),
    ruApiUrl: env.RU_API_URL,
    siteUrl: env.SITE_URL ?? localOrigin(env.PORT),
    cookieDomain: env.COOKIE_DOMAIN,
    referralSecret: env.REFERRAL_SECRET,
    contentDir: resolve(repoRoot, env.CONTENT_DIR ?? 'content'),
    trustProxy: env.TRUST_PROXY,
    minerPageLimit: { perMinute: env.MINER_PAGE_LIMIT, exempt: env.MINER_PAGE_LIMIT_EXEMPT },
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    apiReuseSeconds: env.API_REUSE_SECONDS,
    workers: env.WEB_WORKERS,
    metrics: env.WEB_METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.WEB_METRICS_PORT },
  };
}
