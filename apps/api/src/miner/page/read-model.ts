/**
 * The miner page's read model (decision 034): its figures from five statements on one clock,
 * each part shaped exactly as its compatibility path answers it (stats, chart, workers,
 * rewards, alerts, quality, best shares, reported), so the page shows what it showed when it
 * asked eight paths. The rules are the domain's; this file only assembles.
 */
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import type { ChartRange, MinerStats } from '@openpool/domain/api';
import { workerStatus } from '@openpool/domain/miner-rules';
import type { MinerPage, MinerPageWorker } from '@openpool/domain/miner-page';
import { fromUnits, unitDecimalsOf } from '@openpool/domain/pool-config';
import { effort } from '@openpool/domain/rewards';
import { staleRateFarAbove } from '@openpool/domain/share-quality';
import type { ApiContext } from '../../context.ts';
import { windowHashrate } from '../../stats/windows.ts';
import { harder, reportedFigures, type Best } from '../best-reported.ts';
import { dailyRewards, minerChart } from '../queries.ts';
import { qualityWindows } from '../quality-counts.ts';
import { minerHead, minerWorkers, type MinerHead, type WorkerFigures } from './queries.ts';

/** The page's reward chart: the last 31 days. */
const REWARD_DAYS = 31;

function stats(ctx: ApiContext, coin: CoinTicker, address: string, head: MinerHead): MinerStats {
  const config = ctx.pool.coins.get(coin);
  const hpd = config.hashesPerDifficulty;
  const decimals = config.unitDecimals;
  const balanceOf = (c: string) => head.balances.find((b) => b.coin === c);
  const own = balanceOf(coin);
  const netDifficulty = head.network_difficulty ?? 0;
  const threshold = head.payout_threshold ? BigInt(head.payout_threshold) : config.defaultThreshold;
  return {
    coin,
    address,
    hashrate_10m: windowHashrate('10m', head.v10, hpd),
    hashrate_6h: windowHashrate('6h', head.v6h, hpd),
    hashrate_24h: windowHashrate('24h', head.v24h, hpd),
    shares_24h: { valid: head.valid_shares, stale: head.stale_shares, invalid: head.invalid_shares },
    reward_7d: fromUnits(BigInt(head.r7), decimals),
    reward_30d: fromUnits(BigInt(head.r30), decimals),
    balance: fromUnits(BigInt(own?.mature ?? '0'), decimals),
    unconfirmed_balance: fromUnits(BigInt(own?.immature ?? '0'), decimals),
    total_paid: fromUnits(BigInt(own?.paid ?? '0'), decimals),
    payout_threshold: fromUnits(threshold, decimals),
    min_payout: fromUnits(config.minPayout, decimals),
    workers_online: head.online,
    workers_offline: head.offline,
    schemes: head.schemes,
    solo_effort: head.schemes.includes('solo') && netDifficulty > 0 ? effort(head.solo_difficulty ?? 0, netDifficulty) : null,
    blocks: head.blocks,
    first_seen: head.first_seen,
    last_share: head.last_share,
    merged: COINS[coin].mergedCoins.map((child) => {
      const balance = balanceOf(child);
      const childDecimals = unitDecimalsOf(ctx.pool, child);
      return {
        coin: child,
        balance: fromUnits(BigInt(balance?.mature ?? '0'), childDecimals),
        unconfirmed_balance: fromUnits(BigInt(balance?.immature ?? '0'), childDecimals),
        total_paid: fromUnits(BigInt(balance?.paid ?? '0'), childDecimals),
      };
    }),
  };
}

function workerRow(row: WorkerFigures, hpd: number, nowMs: number): MinerPageWorker {
  return {
    worker: row.worker,
    scheme: row.scheme,
    status: workerStatus(row.last_share, nowMs),
    hashrate_10m: windowHashrate('10m', row.v10, hpd),
    avg_hashrate_3h: windowHashrate('3h', row.v3h, hpd),
    avg_hashrate_24h: windowHashrate('24h', row.v24h, hpd),
    valid: row.vn,
    stale: row.sn,
    invalid: row.inv,
    last_share: row.last_share,
  };
}

function quality(head: MinerHead, rows: WorkerFigures[]): MinerPage['quality'] {
  const pool = qualityWindows(head.pool_quality);
  return {
    pool,
    miner: qualityWindows(head.miner_quality),
    stale_hint_workers: rows
      .filter((row) => row.in_quality && staleRateFarAbove(qualityWindows(row)['24h'], pool['24h']))
      .map((row) => row.worker),
  };
}

const bestOf = (difficulty: number | null, at: number | null): Best =>
  difficulty === null || at === null ? null : { difficulty, at };

function best(head: MinerHead, rows: WorkerFigures[]): MinerPage['best'] {
  if (rows.length === 0) return null;
  const records = rows.map((row) => ({ round: bestOf(row.round_d, row.round_at), all_time: bestOf(row.all_d, row.all_at) }));
  return {
    network_difficulty: head.network_difficulty,
    miner: {
      round: records.reduce<Best>((found, worker) => harder(found, worker.round), null),
      all_time: records.reduce<Best>((found, worker) => harder(found, worker.all_time), null),
    },
  };
}

function reported(rows: WorkerFigures[], hpd: number): MinerPage['reported'] {
  if (rows.length === 0) return null;
  return { miner: reportedFigures(rows, hpd).miner };
}

/**
 * Everything but the alerts, which change when the miner subscribes and are read apart; null
 * for an address the pool never saw.
 */
export async function minerPageFigures(
  ctx: ApiContext,
  coin: CoinTicker,
  address: string,
  range: ChartRange,
): Promise<Omit<MinerPage, 'alerts'> | null> {
  const now = ctx.now();
  const hpd = ctx.pool.coins.get(coin).hashesPerDifficulty;
  const [head, rows, chart, rewards] = await Promise.all([
    minerHead(ctx.db, coin, address, [coin, ...COINS[coin].mergedCoins], now),
    minerWorkers(ctx.db, coin, address, now),
    minerChart(ctx, coin, address, range),
    dailyRewards(ctx, coin, address, REWARD_DAYS),
  ]);
  if (!head) return null;
  return {
    stats: stats(ctx, coin, address, head),
    chart,
    workers: rows.map((row) => workerRow(row, hpd, now)),
    rewards: rewards.results,
    quality: quality(head, rows),
    best: best(head, rows),
    reported: reported(rows, hpd),
  };
}
