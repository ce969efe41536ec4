/**
 * When a miner's page says 'This miner is out of date'
 * (decision 020): when none of its workers is online, that is when the pool has had no share
 * from it for the API's offline delay (20 minutes, `OFFLINE_AFTER_S`). From then on its
 * 10-minute hashrate reads 0 and every other figure only ages, so the page says so and when
 * the last share came, instead of showing old figures as if they were current.
 */
import type { MinerStats } from './miner-types';

export function isOutOfDate(stats: Pick<MinerStats, 'workers_online'>): boolean {
  return stats.workers_online === 0;
}

/** Whether the miner earns now: a worker online and a 10-minute hashrate above 0. */
export function isMining(stats: Pick<MinerStats, 'workers_online' | 'hashrate_10m'>): boolean {
  return stats.workers_online > 0 && stats.hashrate_10m > 0;
}
