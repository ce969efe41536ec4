/** Payload types of the miner pages, type-only so no schema (zod) reaches the browser. */
import type { z } from 'zod';
import type { minerChartSchema, rewardsSchema, workerRowSchema } from '@openpool/domain/api';

export type { MinerStats } from '@openpool/domain/api';
export type MinerChartPoint = z.infer<typeof minerChartSchema>['points'][number];
export type WorkerRow = z.infer<typeof workerRowSchema>;
export type DailyReward = z.infer<typeof rewardsSchema>['results'][number];
