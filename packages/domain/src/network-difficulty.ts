/**
 * The network difficulty of a period, weighted by time (decision 029): each sample counts for
 * as long as it held, not once per report. Counting reports let whoever sends them choose the
 * mean (305 reports in a minute outweighed the other 59 minutes), and a chain's difficulty is
 * a value that holds between reports, so the time it held is its weight.
 *
 * Pure and exact about its rule so that anyone can recompute an hour's price from the
 * recorded samples (an audit verifier does): sort by `at` (ties keep their input order); a
 * sample holds from its `at` until the next sample's `at`, the last one until `periodEnd`;
 * the sample in force at `periodStart` (the latest at or before it) holds from `periodStart`.
 * Time before the first sample is not covered and weighs nothing. The difficulty is
 * sum(difficulty x heldMs) / sum(heldMs), an arithmetic mean: a short dip lowers it by no more
 * than its share of the period, where a harmonic mean would let one tiny sample dominate.
 */

export interface DifficultySample {
  /** Unix milliseconds. */
  at: number;
  difficulty: number;
}

export interface WeightedSample extends DifficultySample {
  /** Milliseconds of the period this sample held (0 for a sample at the same `at` as the next). */
  heldMs: number;
}

/**
 * The samples that held during [periodStart, periodEnd), each with how long it held in it, in
 * time order. Samples before the one in force at `periodStart`, and at or after `periodEnd`,
 * are left out. Empty when no sample held any of the period.
 */
export function sampleWeights(samples: readonly DifficultySample[], periodStart: number, periodEnd: number): WeightedSample[] {
  if (!(periodEnd > periodStart)) return [];
  const sorted = samples
    .map((sample, index) => ({ sample, index }))
    .filter(({ sample }) => sample.at < periodEnd)
    .sort((a, b) => a.sample.at - b.sample.at || a.index - b.index)
    .map(({ sample }) => sample);
  // The last sample at or before the start is the one in force when the period begins.
  let first = 0;
  for (let i = 0; i < sorted.length; i++) if (sorted[i]!.at <= periodStart) first = i;
  const weights: WeightedSample[] = [];
  for (let i = first; i < sorted.length; i++) {
    const sample = sorted[i]!;
    const from = Math.max(sample.at, periodStart);
    const until = Math.min(sorted[i + 1]?.at ?? periodEnd, periodEnd);
    weights.push({ at: sample.at, difficulty: sample.difficulty, heldMs: Math.max(0, until - from) });
  }
  return weights.some((w) => w.heldMs > 0) ? weights : [];
}

/**
 * The time-weighted network difficulty of [periodStart, periodEnd) from `samples` (see the
 * module's comment for the rule), or null when no sample held any of the period.
 */
export function timeWeightedDifficulty(
  samples: readonly DifficultySample[],
  periodStart: number,
  periodEnd: number,
): number | null {
  return weightedMean(sampleWeights(samples, periodStart, periodEnd));
}

/** sum(difficulty x heldMs) / sum(heldMs) of weights from `sampleWeights`; null when nothing held. */
export function weightedMean(weights: readonly WeightedSample[]): number | null {
  let held = 0;
  let sum = 0;
  for (const w of weights) {
    held += w.heldMs;
    sum += w.difficulty * w.heldMs;
  }
  return held > 0 ? sum / held : null;
}
