/**
 * The Monero stratum's environment, parsed once at start-up (decision 013's rule: nothing else
 * reads process.env). It runs only when XMR_DAEMON_URL names a monerod.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  loopbackOrigin,
  metricsHostSchema,
  metricsPortSchema,
  originSchema,
  parseEnvironment,
  portSchema,
  DEFAULT_PORTS,
} from '@openpool/domain/env-pieces';

export const DEFAULT_XMR_PORT = 3334;

const flag = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((value) => ['on', 'true', '1'].includes(value));

const schema = z.object({
  XMR_DAEMON_URL: originSchema,
  XMR_WALLET_RPC_URL: originSchema.optional(),
  XMR_POOL_ADDRESS: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{95,106}$/, 'a Monero address (95 or 106 base58 characters)')
    .optional(),
  STRATUM_XMR_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_XMR_PORT),
  STRATUM_HOST: z.string().min(1).default('0.0.0.0'),
  STRATUM_XMR_DIFFICULTY: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 40)
    .default(1000),
  STRATUM_XMR_SCHEME: z.enum(['prop', 'solo']).default('prop'),
  STRATUM_XMR_SOURCE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/)
    .default('stratum-xmr'),
  XMR_RANDOMX_FAST: flag.default(false),
  /** RandomX hashes computed at once (the machine's cores by default). */
  XMR_RANDOMX_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  API_PORT: portSchema.default(DEFAULT_PORTS.api),
  API_URL: originSchema.optional(),
  INGEST_TOKEN: z.string().min(16, 'at least 16 characters (the API must have the same)'),
  DATA_DIR: z.string().min(1).default('.data'),
  STRATUM_XMR_METRICS_PORT: metricsPortSchema,
  METRICS_HOST: metricsHostSchema,
});

export interface XmrStratumEnv {
  daemonUrl: string;
  walletUrl?: string;
  poolAddress?: string;
  port: number;
  host: string;
  initialDifficulty: number;
  scheme: 'prop' | 'solo';
  source: string;
  fast: boolean;
  threads?: number;
  apiUrl: string;
  ingestToken: string;
  dataDir: string;
  metrics?: { host: string; port: number };
}

export function parseXmrStratumEnv(source: Record<string, string | undefined>, repoRoot: string): XmrStratumEnv {
  const env = parseEnvironment(schema, source, 'the Monero stratum server');
  return {
    daemonUrl: env.XMR_DAEMON_URL,
    walletUrl: env.XMR_WALLET_RPC_URL,
    poolAddress: env.XMR_POOL_ADDRESS,
    port: env.STRATUM_XMR_PORT,
    host: env.STRATUM_HOST,
    initialDifficulty: env.STRATUM_XMR_DIFFICULTY,
    scheme: env.STRATUM_XMR_SCHEME,
    source: env.STRATUM_XMR_SOURCE,
    fast: env.XMR_RANDOMX_FAST,
    threads: env.XMR_RANDOMX_THREADS,
    apiUrl: env.API_URL ?? loopbackOrigin(env.API_PORT),
    ingestToken: env.INGEST_TOKEN,
    dataDir: resolve(repoRoot, env.DATA_DIR, env.STRATUM_XMR_SOURCE),
    metrics:
      env.STRATUM_XMR_METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.STRATUM_XMR_METRICS_PORT },
  };
}

/** This process's own environment (read here: env parsers are the only readers of process.env). */
export const readXmrStratumEnv = (repoRoot: string): XmrStratumEnv => parseXmrStratumEnv(process.env, repoRoot);
