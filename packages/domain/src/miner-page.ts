/**
 * `GET /{coin}/api/v1/miner/page/{address}`: everything the miner stats page shows, in one
 * answer (decision 034). Its parts are the compatibility paths' own schemas, so a part reads
 * exactly like the endpoint it replaces on the page; those endpoints stay for miners' tools.
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
  quality: shareQualitySchema,
  best: bestSharesSchema.nullable().describe('null: no worker in the last 30 days'),
  reported: reportedHashrateSchema.nullable().describe('null: no worker in the last 30 days'),
});
export type MinerPage = z.infer<typeof minerPageSchema>;
export type MinerPageWorker = z.infer<typeof minerPageWorkerSchema>;
