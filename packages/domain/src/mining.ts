/** Mining constants that need no validation library (kept zod-free for the browser bundle). */

/**
 * Hashes one share of difficulty 1 stands for, per algorithm. Bitcoin-family and most
 * GPU/ASIC algorithms define difficulty 1 as 2^32 hashes; ethash-family and RandomX pools
 * quote share difficulty directly in hashes.
 */
export function hashesPerDifficulty(algorithm: string): number {
  switch (algorithm) {
    case 'ethash':
    case 'etchash':
    case 'randomx':
    case 'autolykos2':
    case 'octopus':
      return 1;
    default:
      return 2 ** 32;
  }
}

/**
 * Hashrate in H/s from the difficulty of the shares in a window:
 * sum(difficulty) x hashes per difficulty 1 (`hashesPerDifficulty`) / window seconds.
 */
export function hashrateFromShares(difficultySum: number, hashesPerDifficulty: number, windowSeconds: number): number {
  if (!(windowSeconds > 0) || !(difficultySum > 0)) return 0;
  return (difficultySum * hashesPerDifficulty) / windowSeconds;
}
