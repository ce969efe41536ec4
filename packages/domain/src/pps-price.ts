/**
 * How PPS prices an hour of shares: the network difficulty and subsidy it pays them at, from
 * the network samples the engine recorded. Pure and in one place, because the engine credits
 * with it and the audit verifier (audit.ts, decision 025) recomputes the same price from the
 * samples and weights an audit record publishes.
 */
import { sampleWeights } from './network-difficulty.ts';

const HOUR_MS = 3_600_000;

/** A network difficulty sample as PPS priced an hour with it, and its weight in the hour's mean. */
export interface DifficultySample {
  /** When the sample was taken (unix milliseconds). */
  at: number;
  difficulty: string;
  weight: string;
}

/** One hour of shares a PPS run paid: its price inputs. */
export interface PpsHourInputs {
  /** The hour of shares (unix seconds of its start). */
  hour: number;
  /** The hour whose samples priced it: the same hour, or the one before when it had none. */
  priced_by: number;
  samples: DifficultySample[];
  /** weightedDifficulty(samples), as the engine used it. */
  difficulty: string;
  /** Block subsidy (smallest units), the latest sample's. */
  reward: string;
}

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
 * The price of the hour of shares starting at `hourMs` (decision 029): its network difficulty
 * weighted by time, each sample by the milliseconds it held in the hour (`sampleWeights`),
 * the sample in force when the hour began included, and the subsidy of the last sample that
 * held. Samples are looked at from the hour before on: one older than that is too stale to
 * price by, and an hour with none since then is null (its shares wait for a later run).
 * `samples` must be in time order.
 */
export function ppsHourPrice(hourMs: number, samples: readonly NetworkSampleRow[]): PpsHourInputs | null {
  const recent = samples.filter((s) => s.at >= hourMs - HOUR_MS && s.at < hourMs + HOUR_MS);
  const held = sampleWeights(recent, hourMs, hourMs + HOUR_MS);
  if (held.length === 0) return null;
  const rewardAt = new Map(recent.map((s) => [s.at, s.reward]));
  const weighted: DifficultySample[] = held.map((w) => ({
    at: w.at,
    difficulty: String(w.difficulty),
    weight: String(w.heldMs),
  }));
  const last = held.at(-1)!;
  return {
    hour: hourMs / 1000,
    // The hour whose samples set the price: its own, or only the one before when it had none.
    priced_by: (held.some((w) => w.at >= hourMs) ? hourMs : hourMs - HOUR_MS) / 1000,
    samples: weighted,
    difficulty: String(weightedDifficulty(held.map((w) => ({ difficulty: w.difficulty, weight: w.heldMs })))),
    reward: rewardAt.get(last.at)!,
  };
}
