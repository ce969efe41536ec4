/** Payload types of the miner pages; no schema (zod) reaches the browser from here. */
import type { z } from 'zod';
import type { rewardsSchema, workerRowSchema } from '@openpool/domain/api';

export type { MinerStats } from '@openpool/domain/api';
/**
 * A worker as the workers table shows it: the loader sends only these fields of the API's row
 * (seven more, such as first-share details, are for the API's other readers); a big miner's
 * page carried them 45 times in its HTML for nothing.
 */
export const WORKER_ROW_FIELDS = [
  'worker',
  'scheme',
  'status',
  'hashrate_10m',
  'avg_hashrate_3h',
  'avg_hashrate_24h',
  'valid',
  'stale',
  'invalid',
  'last_share',
] as const satisfies ReadonlyArray<keyof z.infer<typeof workerRowSchema>>;
export type WorkerRow = Pick<z.infer<typeof workerRowSchema>, (typeof WORKER_ROW_FIELDS)[number]>;
export type DailyReward = z.infer<typeof rewardsSchema>['results'][number];
