/** The ranges of the miner and worker charts: 24 h and 7 d (10-minute points). */
export const MINER_RANGES = ['24h', '7d'] as const;
export type MinerRange = (typeof MINER_RANGES)[number];

/** Anything but a range the miner pages offer is 24 h. */
export function parseMinerRange(value: string | null): MinerRange {
  return value === '7d' ? '7d' : '24h';
}
