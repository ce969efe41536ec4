/**
 * How PPS prices an hour of shares: the network difficulty and subsidy it pays them at, from
 * the network samples the engine recorded. Pure and in one place, because the engine credits
 * with it and the audit verifier (audit.ts, decision 025) recomputes the same price from the
 * samples and weights an audit record publishes.
 */
import type { DifficultySample, PpsHourInputs } from './audit.ts';

const HOUR_MS = 3_600_000;

export interface NetworkSampleRow {
  /** Unix milliseconds. */
  at: number;
  difficulty: number;
  /** Block subsidy at that sample, smallest units. */
  reward: string;
}

/**
 * An hour's weighted mean network difficulty, summed in the order given, in floats (the engine
 * and the verifier run this same function, so they agree to the bit). Samples without weight
 * or without a difficulty count for nothing; 0 when nothing is left.
 */
export function weightedDifficulty(samples: readonly { difficulty: number; weight: number }[]): number {
  let sum = 0;
  let weights = 0;
  for (const sample of samples) {
    if (!(sample.weight > 0) || !(sample.difficulty > 0)) continue;
    sum += sample.difficulty * sample.weight;
    weights += sample.weight;
  }
  return weights > 0 ? sum / weights : 0;
}

/**
 * The price of the hour of shares starting at `hourMs`: its own samples, each weighing 1 (the
 * mean of the hour's samples) and its latest subsidy; an hour without samples is priced by
 * the hour before it; null when neither has any (its shares wait for a later run).
 * `samples` must be in time order.
 */
export function ppsHourPrice(hourMs: number, samples: readonly NetworkSampleRow[]): PpsHourInputs | null {
  for (const pricedBy of [hourMs, hourMs - HOUR_MS]) {
    const own = samples.filter((s) => s.at >= pricedBy && s.at < pricedBy + HOUR_MS);
    if (own.length === 0) continue;
    const weighted: DifficultySample[] = own.map((s) => ({ at: s.at, difficulty: String(s.difficulty), weight: '1' }));
    return {
      hour: hourMs / 1000,
      priced_by: pricedBy / 1000,
      samples: weighted,
      difficulty: String(weightedDifficulty(own.map((s) => ({ difficulty: s.difficulty, weight: 1 })))),
      reward: own.at(-1)!.reward,
    };
  }
  return null;
}
