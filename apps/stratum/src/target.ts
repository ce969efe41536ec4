/**
 * Targets and difficulties. Two conventions meet here (decision record 013):
 * - stratum share difficulty for scrypt, as cpuminer and cgminer use it: difficulty 1 is the
 *   target 0xffff * 2^224, so share target = 0xffff * 2^224 / difficulty;
 * - the node's (and the pool's accounting) difficulty, Bitcoin's: difficulty 1 is 0xffff * 2^208.
 * One network difficulty is therefore 65536 stratum difficulty; the API accounts shares in the
 * node's convention (2^32 hashes per difficulty), so events carry stratum difficulty / 65536.
 */
export const STRATUM_DIFF1 = 0xffffn << 224n;
export const NODE_DIFF1 = 0xffffn << 208n;
export const STRATUM_PER_NODE_DIFFICULTY = 65536;
const MAX_TARGET = (1n << 256n) - 1n;
const SCALE = 1n << 64n;

/** Compact `bits` (e.g. "1e0ffff0") to the target it encodes. */
export function bitsToTarget(bits: string): bigint {
  const value = parseInt(bits, 16);
  const exponent = value >>> 24;
  const mantissa = BigInt(value & 0x007fffff);
  return exponent <= 3 ? mantissa >> BigInt(8 * (3 - exponent)) : mantissa << BigInt(8 * (exponent - 3));
}

/** diff1 / difficulty with the difficulty as a float, computed exactly in 64-bit fixed point. */
function divide(diff1: bigint, difficulty: number): bigint {
  if (!(difficulty > 0) || !Number.isFinite(difficulty)) throw new Error(`not a difficulty: ${difficulty}`);
  const scaled = BigInt(Math.round(difficulty * 2 ** 32)) * (SCALE >> 32n);
  if (scaled === 0n) return MAX_TARGET;
  const target = (diff1 * SCALE) / scaled;
  return target > MAX_TARGET ? MAX_TARGET : target;
}

export function shareTarget(stratumDifficulty: number): bigint {
  return divide(STRATUM_DIFF1, stratumDifficulty);
}

export function targetToStratumDifficulty(target: bigint): number {
  // Both fit a double (up to 2^256): the quotient keeps 53 bits of precision at any size.
  return Number(STRATUM_DIFF1) / Number(target === 0n ? 1n : target);
}

/** Share difficulty in the pool's accounting units (the node's convention). */
export function accountedDifficulty(stratumDifficulty: number): number {
  return stratumDifficulty / STRATUM_PER_NODE_DIFFICULTY;
}

/** Difficulty of a hash in stratum units: how hard a share this hash would have met. */
export function hashStratumDifficulty(value: bigint): number {
  return targetToStratumDifficulty(value === 0n ? 1n : value);
}
