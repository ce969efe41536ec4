/**
 * The web server's environment, parsed once at start-up; nothing else reads process.env.
 * A bad value stops the server with every problem listed.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { referralSecretSchema } from '@openpool/domain/referral-landing';
import { trustProxySchema } from '@openpool/domain/trust-proxy';

const port = z.coerce.number().int().min(1).max(65535);
const origin = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

const schema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: port.default(3000),
    API_PORT: port.default(8787),
    /** Base URL loaders use to reach the API from the server. */
    API_URL: origin.optional(),
    /** Base URL the browser uses to reach the API. */
    PUBLIC_API_URL: origin.optional(),
    /** The Russian-domain site host (e.g. openpool.ru) and the API base URL used there. */
    RU_SITE_HOST: z
      .string()
      .regex(/^[a-z0-9.-]+(?::\d+)?$/i)
      .optional(),
    RU_API_URL: origin.optional(),
    /** Public origin of the site, for canonical and hreflang links. */
    SITE_URL: origin.optional(),
    /** Parent domain the referral cookie is shared on, e.g. `.openpool.example`. */
    COOKIE_DOMAIN: z
      .string()
      .regex(/^\.?[a-z0-9.-]+$/i)
      .optional(),
    CONTENT_DIR: z.string().min(1).optional(),
    /** Proxies whose X-Forwarded-* headers are believed; none by default. */
    TRUST_PROXY: trustProxySchema,
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
    /** Prometheus metrics on their own port (issue 30); unset: none are kept. 0 picks a free port. */
    WEB_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Interface of the metrics port: loopback unless the operator opens it. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
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
  pageCacheBytes: number;
  apiReuseSeconds: number;
  workers: number;
  metrics?: { host: string; port: number };
}

export function parseWebEnv(source: Record<string, string | undefined>, repoRoot: string): WebEnv {
  // Empty strings count as unset, as in a .env file with `KEY=`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment for the web server:\n${problems.join('\n')}`);
  }
  const env = result.data;
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    apiUrl: env.API_URL ?? `http://127.0.0.1:${env.API_PORT}`,
    publicApiUrl: env.PUBLIC_API_URL ?? `http://localhost:${env.API_PORT}`,
    ruSiteHost: env.RU_SITE_HOST?.toLowerCase(),
    ruApiUrl: env.RU_API_URL,
    siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    cookieDomain: env.COOKIE_DOMAIN,
    referralSecret: env.REFERRAL_SECRET,
    contentDir: resolve(repoRoot, env.CONTENT_DIR ?? 'content'),
    trustProxy: env.TRUST_PROXY,
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    apiReuseSeconds: env.API_REUSE_SECONDS,
    workers: env.WEB_WORKERS,
    metrics: env.WEB_METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.WEB_METRICS_PORT },
  };
}
