/**
 * Best shares and reported beside effective hashrate: payload schemas
 * of `GET /{coin}/api/v1/miner/best-shares/{address}` and `/reported/{address}`, and the rule that
 * reads a worker's effective/reported ratio. Decision 023.
 */
import { z } from 'zod';

const unixSeconds = z.number().int().describe('unix seconds');
const best = z
  .object({ difficulty: z.number(), at: unixSeconds })
  .nullable()
  .describe('the hardest valid share and when (null: none reported with its reached difficulty)');

export const bestSharesSchema = z.object({
  network_difficulty: z.number().nullable().describe('the latest network difficulty: a share at least this hard is a block'),
  miner: z.object({ round: best, all_time: best }),
  workers: z.array(
    z.object({
      worker: z.string(),
      scheme: z.string(),
      round_started: unixSeconds.nullable().describe('when the current round of its scheme began (null: no block yet)'),
      round: best,
      all_time: best,
    }),
  ),
});
export type BestShares = z.infer<typeof bestSharesSchema>;

const figures = z.object({
  effective: z
    .number()
    .nonnegative()
    .describe('H/s from the valid shares the pool received over the whole window: the one effective hashrate'),
  reported: z
    .number()
    .nonnegative()
    .nullable()
    .describe('H/s the miner reported, averaged over the same window (a bucket without a report counts 0; null: none)'),
  ratio: z.number().nonnegative().nullable().describe('effective / reported (null: nothing reported)'),
});
const windows = z.object({ '10m': figures, '24h': figures });
const minerFigures = figures.extend({
  workers_reporting: z.number().int().describe('workers whose figures are summed here: those that reported in the window'),
  workers_not_reporting: z.number().int().describe('workers with shares in the window that reported nothing, left out'),
});

export const reportedHashrateSchema = z.object({
  miner: z.object({ '10m': minerFigures, '24h': minerFigures }).describe('the workers that report, summed'),
  workers: z.array(windows.extend({ worker: z.string(), scheme: z.string() })),
});
export type ReportedHashrate = z.infer<typeof reportedHashrateSchema>;
export type HashrateFigures = z.infer<typeof figures>;

export function hashrateFigures(effective: number, reported: number | null): HashrateFigures {
  return { effective, reported, ratio: reported !== null && reported > 0 ? effective / reported : null };
}

export { ratioVerdict } from './reported-ratio.ts';
