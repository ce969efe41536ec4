/**
 * `GET /{coin}/api/v1/miner/page/{address}`: everything the miner stats page shows, in one
 * answer (decision 034). Its parts are the replaced paths' own schemas, or the part of them the
 * page shows, so a part reads exactly like the endpoint it replaces on the page; those
 * endpoints stay for miners' tools.
 * The API serialises with this schema and the web app parses with it.
 */
import { z } from 'zod';
import { minerAlertsSchema, minerChartSchema, minerStatsSchema, rewardsSchema, workerRowSchema } from './api.ts';
import { bestSharesSchema, reportedHashrateSchema } from './best-reported.ts';
import { shareQualitySchema } from './share-quality.ts';

/** The chart ranges the miner page offers. */
export const MINER_PAGE_RANGES = ['24h', '7d'] as const;

/** The fields of a worker row the page's workers table shows (the rest are the worker page's). */
export const minerPageWorkerSchema = workerRowSchema.pick({
  worker: true,
  scheme: true,
  status: true,
  hashrate_10m: true,
  avg_hashrate_3h: true,
  avg_hashrate_24h: true,
  valid: true,
  stale: true,
  invalid: true,
  last_share: true,
});

export const minerPageSchema = z.object({
  stats: minerStatsSchema,
  chart: minerChartSchema,
  workers: z.array(minerPageWorkerSchema).describe('workers seen in the last 30 days, by name and scheme'),
  rewards: rewardsSchema.shape.results.describe('credits per day (UTC) of the last 31 days, newest first'),
  alerts: minerAlertsSchema,
  // The miner's figures of the quality, best-shares and reported paths: the page shows no
  // worker's (the worker page reads those paths), so their per-worker lists stay out.
  quality: shareQualitySchema.pick({ pool: true, miner: true }).extend({
    stale_hint_workers: z
      .array(z.string())
      .describe('workers whose 24-hour stale rate is far above the pool’s (the quality path’s `stale_hint`)'),
  }),
  best: bestSharesSchema
    .pick({ network_difficulty: true, miner: true })
    .nullable()
    .describe('null: no worker in the last 30 days'),
  reported: reportedHashrateSchema.pick({ miner: true }).nullable().describe('null: no worker in the last 30 days'),
});
export type MinerPage = z.infer<typeof minerPageSchema>;
export type MinerPageWorker = z.infer<typeof minerPageWorkerSchema>;
