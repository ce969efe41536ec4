/**
 * The stratum server's environment, parsed once at start-up; nothing else reads process.env.
 * It runs only when LTC_RPC_URL names a node; `npm start` starts it then.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { REWARD_SCHEMES } from '@openpool/domain/address';
import {
  DEFAULT_PORTS,
  loopbackOrigin,
  metricsHostSchema,
  metricsPortSchema,
  nodeRpcUrlSchema,
  originSchema,
  parseEnvironment,
  portSchema,
} from '@openpool/domain/env-pieces';

const schema = z.object({
  LTC_RPC_URL: nodeRpcUrlSchema,
  LTC_POOL_ADDRESS: z
    .string()
    .regex(/^[A-Za-z0-9]{20,100}$/, 'a Litecoin address')
    .optional(),
  STRATUM_LTC_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORTS.stratumLtc),
  STRATUM_HOST: z.string().min(1).default('0.0.0.0'),
  STRATUM_LTC_DIFFICULTY: z.coerce.number().positive().default(16),
  STRATUM_LTC_SCHEME: z.enum(REWARD_SCHEMES).default('pps'),
  STRATUM_SOURCE: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/)
    .default('stratum-ltc'),
  API_PORT: portSchema.default(DEFAULT_PORTS.api),
  API_URL: originSchema.optional(),
  INGEST_TOKEN: z.string().min(16, 'at least 16 characters (the API must have the same)'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Prometheus metrics on their own port (decision 022); unset: none are kept. 0 picks a free port. */
  STRATUM_METRICS_PORT: metricsPortSchema,
  METRICS_HOST: metricsHostSchema,
});

export interface StratumEnv {
  rpcUrl: string;
  poolAddress?: string;
  port: number;
  host: string;
  initialDifficulty: number;
  scheme: (typeof REWARD_SCHEMES)[number];
  source: string;
  apiUrl: string;
  ingestToken: string;
  dataDir: string;
  metrics?: { host: string; port: number };
}

export function parseStratumEnv(source: Record<string, string | undefined>, repoRoot: string): StratumEnv {
  const env = parseEnvironment(schema, source, 'the stratum server');
  return {
    rpcUrl: env.LTC_RPC_URL,
    poolAddress: env.LTC_POOL_ADDRESS,
    port: env.STRATUM_LTC_PORT,
    host: env.STRATUM_HOST,
    initialDifficulty: env.STRATUM_LTC_DIFFICULTY,
    scheme: env.STRATUM_LTC_SCHEME,
    source: env.STRATUM_SOURCE,
    apiUrl: env.API_URL ?? loopbackOrigin(env.API_PORT),
    ingestToken: env.INGEST_TOKEN,
    dataDir: resolve(repoRoot, env.DATA_DIR, env.STRATUM_SOURCE),
    metrics: env.STRATUM_METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.STRATUM_METRICS_PORT },
  };
}
