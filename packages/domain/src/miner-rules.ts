/**
 * The rules a miner reads figures by, in one place (decision 024): the site, the API, the mails
 * and the Telegram bot call these instead of writing their own, because the copies had already
 * drifted apart (the bot gave a payout estimate to a miner at 0 H/s that the page no longer gave;
 * "main scheme" meant the first listed in one place and PPS+ in another). Effective hashrate is
 * `mining.ts`'s `hashrateFromShares`, share-quality rates are `share-quality.ts`'s
 * `windowQuality`, a power cost's bounds are `power-cost.ts`'s. Pure, zod-free.
 */

/** A worker that sent no share for this long is offline (within two 10-minute buckets). */
export const OFFLINE_AFTER_S = 20 * 60;

/** A worker's state from its last share: online until OFFLINE_AFTER_S without one. */
export function workerStatus(lastShareAtMs: number, nowMs: number): 'online' | 'offline' {
  return nowMs - lastShareAtMs < OFFLINE_AFTER_S * 1000 ? 'online' : 'offline';
}

export interface MinerActivity {
  workers_online: number;
  hashrate_10m: number;
}

/**
 * 'This miner is out of date': none of its workers is online. From then on its 10-minute
 * hashrate reads 0 and every other figure only ages.
 */
export function isOutOfDate(stats: Pick<MinerActivity, 'workers_online'>): boolean {
  return stats.workers_online === 0;
}

/** Whether the miner earns now: a worker online and a 10-minute hashrate above 0. */
export function isMining(stats: MinerActivity): boolean {
  return stats.workers_online > 0 && stats.hashrate_10m > 0;
}

export type PayoutEta = { kind: 'reached' } | { kind: 'no-rate' } | { kind: 'not-mining' } | { kind: 'in'; seconds: number };

/**
 * When the balance reaches the payout threshold at the last 7 days' rate (reward_7d / 7 a day).
 * `mining`: `isMining` of the miner. A miner at 0 H/s earns nothing more, whatever it earned
 * last week: no estimate. Amounts are the API's decimal strings in coin units.
 */
export function payoutEta(balance: string, payoutThreshold: string, reward7d: string, mining: boolean): PayoutEta {
  const remaining = Number(payoutThreshold) - Number(balance);
  if (!(remaining > 0)) return { kind: 'reached' };
  if (!mining) return { kind: 'not-mining' };
  const perDay = Number(reward7d) / 7;
  if (!(perDay > 0) || !Number.isFinite(perDay)) return { kind: 'no-rate' };
  return { kind: 'in', seconds: Math.ceil((remaining / perDay) * 86_400) };
}

/**
 * A pool's main scheme, the one its headline fee, effort and revenue estimates are of: PPS+ where
 * the pool offers it (the scheme that pays for every share), else the first it lists.
 */
export function mainScheme(schemes: readonly string[]): string {
  return schemes.includes('pps') ? 'pps' : (schemes[0] ?? 'pps');
}

/**
 * A payout's status as every list, export and mail says it: Paid once sent and, where the pool
 * follows the chain, in a block (a transaction in the mempool, 0 confirmations, is not paid yet).
 */
export function payoutStatus(row: { status: string; confirmations: number | null }): 'Paid' | 'Unpaid' {
  return row.status === 'paid' && (row.confirmations === null || row.confirmations > 0) ? 'Paid' : 'Unpaid';
}
