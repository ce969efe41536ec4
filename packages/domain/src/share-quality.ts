/**
 * Share quality, honestly (decision 023): valid, stale and invalid shares and their rates over
 * the last complete hour and 24 hours, for a worker, a miner and the whole pool, and the one
 * rule that says a worker's stale rate is far above the pool's (latency, a far server region).
 * Rates are by work (share difficulty), the part of the work lost: with vardiff a count would weigh
 * an hour of small shares like one of big ones, and a batch of folded shares like one. Decision 023.
 */
import { z } from 'zod';

export interface ShareCounts {
  valid: number;
  stale: number;
  invalid: number;
}

const rate = z.number().min(0).max(1).nullable().describe('part of the window’s work, by share difficulty (null: no shares)');
export const windowQualitySchema = z.object({
  valid: z.number().int(),
  stale: z.number().int(),
  invalid: z.number().int(),
  stale_rate: rate,
  invalid_rate: rate,
});
export type WindowQuality = z.infer<typeof windowQualitySchema>;

const windowsSchema = z.object({ '1h': windowQualitySchema, '24h': windowQualitySchema });

export const shareQualitySchema = z.object({
  pool: windowsSchema.describe('every miner of the coin'),
  miner: windowsSchema,
  workers: z.array(
    windowsSchema.extend({
      worker: z.string(),
      scheme: z.string(),
      stale_hint: z.boolean().describe('stale rate far above the pool’s over 24 h: latency or a far server'),
    }),
  ),
});
export type ShareQuality = z.infer<typeof shareQualitySchema>;

/**
 * Counts and the rates of the work (difficulty sums, `work`; the counts when absent); no shares
 * gives null rates, not 0 %, which would look like a perfect rig.
 */
export function windowQuality(counts: ShareCounts, work: ShareCounts = counts): WindowQuality {
  const total = work.valid + work.stale + work.invalid;
  return {
    valid: counts.valid,
    stale: counts.stale,
    invalid: counts.invalid,
    stale_rate: total > 0 ? work.stale / total : null,
    invalid_rate: total > 0 ? work.invalid / total : null,
  };
}

/** Fewer shares than this in 24 hours say too little about a rate to warn about it. */
export const STALE_HINT_MIN_SHARES = 50;
/** "Far above": at least three times the pool's rate and at least two points above it. */
export const STALE_HINT_FACTOR = 3;
export const STALE_HINT_MARGIN = 0.02;

/** Whether a worker's 24-hour stale rate is far enough above the pool's to suggest latency. */
export function staleRateFarAbove(worker: WindowQuality, pool: WindowQuality): boolean {
  const shares = worker.valid + worker.stale + worker.invalid;
  if (shares < STALE_HINT_MIN_SHARES || worker.stale_rate === null) return false;
  const poolRate = pool.stale_rate ?? 0;
  return worker.stale_rate >= Math.max(STALE_HINT_FACTOR * poolRate, poolRate + STALE_HINT_MARGIN);
}
