/**
 * Reward math of the pool's accounting, pure and in integers (design.md, "Pool business
 * rules"). Amounts are bigint smallest units; fees are parts per million; share difficulty
 * (a float on the wire) becomes an integer weight in atto-difficulty (1e-18) before any
 * division, so every split is exact and reproducible, and what rounding leaves goes to the pool.
 */
import { mergeMinableOf } from './chain-params.ts';

export const PPM = 1_000_000n;
const WEIGHT_DECIMALS = 18;

/**
 * A share difficulty (or a sum of them) as an integer weight in atto-difficulty. Micro-difficulty
 * was not enough: a scrypt share on a Litecoin regtest node (the node's difficulty ~5e-10, the
 * pool's smallest share 4e-9) weighed 0 and a found block credited nobody. The weight is read
 * from the number's shortest decimal form, so 0.1 weighs exactly 10^17 and the same input always
 * gives the same weight; digits below 1e-18 are rounded half up.
 */
export function difficultyWeight(difficulty: number): bigint {
  if (!Number.isFinite(difficulty) || difficulty <= 0) return 0n;
  const [mantissa = '0', exponent = '0'] = String(difficulty).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = BigInt(whole + fraction);
  const shift = Number(exponent) + WEIGHT_DECIMALS - fraction.length;
  if (shift >= 0) return digits * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  return (digits + divisor / 2n) / divisor;
}

/** What the miners get of `amount` after a fee of `feePpm` parts per million (rounded down). */
export function afterFee(amount: bigint, feePpm: number): bigint {
  if (amount <= 0n) return 0n;
  return (amount * (PPM - BigInt(feePpm))) / PPM;
}

/**
 * One key's part of a proportional split: `total` x `weight` / `sum`, rounded down. The audit
 * verifier (audit.ts) recomputes one miner's credit with it from the published work total.
 */
export function proportionalShare(total: bigint, weight: bigint, sum: bigint): bigint {
  if (total <= 0n || weight <= 0n || sum <= 0n) return 0n;
  return (total * weight) / sum;
}

export interface Split<K> {
  credits: Map<K, bigint>;
  /** What flooring left over; it stays with the pool. */
  remainder: bigint;
}

/**
 * Splits `total` between keys in proportion to their weights, each share rounded down.
 * The credits plus the remainder always sum to `total` exactly; keys of zero weight get nothing.
 */
export function splitProportionally<K>(total: bigint, weights: Iterable<readonly [K, bigint]>): Split<K> {
  const entries = [...weights].filter(([, weight]) => weight > 0n);
  const sum = entries.reduce((acc, [, weight]) => acc + weight, 0n);
  const credits = new Map<K, bigint>();
  if (total <= 0n || sum === 0n) return { credits, remainder: total > 0n ? total : 0n };
  let paid = 0n;
  for (const [key, weight] of entries) {
    const credit = proportionalShare(total, weight, sum);
    if (credit === 0n) continue;
    credits.set(key, (credits.get(key) ?? 0n) + credit);
    paid += credit;
  }
  return { credits, remainder: total - paid };
}

/**
 * PROP: block reward x (1 - fee), split by valid share difficulty in the round.
 * `poolCut` is the fee plus the rounding remainder; credits + poolCut === reward.
 */
export function propCredits<K>(
  reward: bigint,
  feePpm: number,
  weights: Iterable<readonly [K, bigint]>,
): Split<K> & { poolCut: bigint } {
  const net = afterFee(reward, feePpm);
  const split = splitProportionally(net, weights);
  return { ...split, poolCut: reward - net + split.remainder };
}

/**
 * PPS: a valid share earns share_difficulty / network_difficulty x block subsidy x (1 - fee).
 * `difficulty` may be a sum of shares; the result is rounded down once, at the end.
 */
export function ppsCredit(difficulty: number, networkDifficulty: number, subsidy: bigint, feePpm: number): bigint {
  const shares = difficultyWeight(difficulty);
  const network = difficultyWeight(networkDifficulty);
  if (shares === 0n || network === 0n || subsidy <= 0n) return 0n;
  return (subsidy * (PPM - BigInt(feePpm)) * shares) / (PPM * network);
}

/** SOLO: the finder gets block reward x (1 - solo fee). */
export function soloCredit(reward: bigint, feePpm: number): bigint {
  return afterFee(reward, feePpm);
}

/** Effort of a round: its share difficulty over the network difficulty (1 = 100 %). */
export function effort(roundDifficulty: number, networkDifficulty: number): number {
  if (!(networkDifficulty > 0)) return 0;
  return roundDifficulty / networkDifficulty;
}

/**
 * A found block's effort: the share difficulty of the round it closed over its chain's
 * difficulty at the block. The one rule for every block, a merge-mined one included: its round
 * is every pool share of the parent since that chain's previous merged block, since each parent
 * share was also an attempt at the aux target, and its difficulty is the aux chain's own.
 * `mergeMinable` (a merged block's: `mergedBlockEffort`) is the share of the chain's blocks that
 * work could find; the round counts by it, so 100 % is average luck whatever the chain's rule.
 * Null, not 0, when either side is unknown: the round began before the pool's records
 * (`roundDifficulty` null), or the pool holds no difficulty of that chain at the block.
 */
export function blockEffort(roundDifficulty: number | null, networkDifficulty: number | null, mergeMinable = 1): number | null {
  if (roundDifficulty === null || !Number.isFinite(roundDifficulty) || roundDifficulty < 0) return null;
  if (networkDifficulty === null || !(networkDifficulty > 0) || !Number.isFinite(networkDifficulty)) return null;
  if (!(mergeMinable > 0 && mergeMinable <= 1)) return null;
  return effort(roundDifficulty * mergeMinable, networkDifficulty);
}

/**
 * A merge-mined block's effort: `blockEffort` with the parent's work counted by the share of the
 * chain's blocks merge mining can find (`mergeMinable` in chain-params.ts). Fractal Bitcoin takes
 * merge-mined work in one block in three (cadence mining), so its merged blocks need three times
 * the chain's difficulty on average; counted by that third, 100 % is average luck on every chain,
 * as for a block of the pool's own. A display figure only: credits never read it.
 */
export function mergedBlockEffort(coin: string, roundDifficulty: number | null, networkDifficulty: number | null): number | null {
  return blockEffort(roundDifficulty, networkDifficulty, mergeMinableOf(coin));
}

/**
 * The effort of a block the pool found, merge-mined or not: the engine's one call, when it
 * records a block and when the block's chain difficulty arrives later.
 */
export function foundBlockEffort(
  coin: string,
  merged: boolean,
  roundDifficulty: number | null,
  networkDifficulty: number | null,
): number | null {
  return merged ? mergedBlockEffort(coin, roundDifficulty, networkDifficulty) : blockEffort(roundDifficulty, networkDifficulty);
}
