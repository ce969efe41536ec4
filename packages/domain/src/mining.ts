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
