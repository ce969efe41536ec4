/** What every chain's pool (ltc's `pool.ts`, `xmr/pool.ts`) takes beside its node and its sessions. */
import type { StratumMetrics } from './metrics.ts';
import type { Outbox } from './outbox.ts';
import type { ServerLimits } from './server.ts';

export interface CommonPoolOptions {
  outbox: Outbox;
  dataDir: string;
  poolAddress: string;
  limits?: ServerLimits;
  bans: { minInvalid: number; banMs: number };
  log: (line: string) => void;
  now?: () => number;
  /** How often confirmations are checked and the network sampled. */
  chainCheckMs?: number;
  /** Confirmations after which a block is no longer watched (past the coinbase's maturity). */
  finalConfirmations?: number;
  /** Prometheus metrics (decision 022), when STRATUM_METRICS_PORT is set. */
  metrics?: StratumMetrics;
  /** The latest audit root, committed in every coinbase or tx extra (decision 025); audit-root.ts follows the API's. */
  auditRoot?: () => string | undefined;
}
