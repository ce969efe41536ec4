/**
 * A miner's own figures: stats, chart (the miner's or one worker's), payouts, balance, daily
 * rewards. Its workers list is workers.ts.
 */
import { minerWindowSums } from '../stats/miner-windows.ts';
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import type { ChartRange, MinerStats } from '@openpool/domain/api';
import { fromUnits, unitDecimalsOf } from '@openpool/domain/pool-config';
import { hashrateFromShares } from '@openpool/domain/mining';
import { effort } from '@openpool/domain/rewards';
import type { ApiContext } from '../context.ts';
import { latestNetworkSample } from '../stats/network-sample.ts';
import { OFFLINE_AFTER_S, rangePlan, ts, unix, windowHashrate, windows } from '../stats/windows.ts';
import { WORKER_LIST_DAYS } from './workers.ts';

const CREDIT_KINDS = ['pps', 'block', 'fee_share', 'solo', 'orphan'];

interface BalanceRow {
  coin: string;
  mature: string;
  immature: string;
  paid: string;
}

export async function minerStats(ctx: ApiContext, coin: CoinTicker, address: string): Promise<MinerStats | null> {
  const config = ctx.pool.coins.get(coin);
  const now = ctx.now();
  const { end } = windows(now);
  const merged = COINS[coin].mergedCoins;
  const [miner, buckets, workers, balances, rewards, solo, network, blocks] = await Promise.all([
    ctx.db.query<{ first_share_at: Date; last_share_at: Date; payout_threshold: string | null }>(
      'select first_share_at, last_share_at, payout_threshold::text as payout_threshold from miners where coin = $1 and address = $2',
      [coin, address],
    ),
    minerWindowSums(ctx.db, coin, address, end),
    ctx.db.query<{ online: number; offline: number; schemes: string[] }>(
      `select count(*) filter (where last_share_at >= $3)::int as online, count(*) filter (where last_share_at < $3)::int as offline,
         coalesce(array_agg(distinct scheme), '{}') as schemes
       from workers where coin = $1 and address = $2 and last_share_at >= $4`,
      [coin, address, new Date(now - OFFLINE_AFTER_S * 1000), new Date(now - WORKER_LIST_DAYS * 86_400_000)],
    ),
    ctx.db.query<BalanceRow>(
      'select coin, mature::text as mature, immature::text as immature, paid::text as paid from balances where address = $1 and coin = any($2::text[])',
      [address, [coin, ...merged]],
    ),
    ctx.db.query<{ r7: string; r30: string }>(
      `select coalesce(sum(mature + immature) filter (where at >= $4), 0)::text as r7, coalesce(sum(mature + immature), 0)::text as r30
       from ledger where coin = $1 and address = $2 and kind = any($3::text[]) and at >= $5`,
      [coin, address, CREDIT_KINDS, new Date(now - 7 * 86_400_000), new Date(now - 30 * 86_400_000)],
    ),
    ctx.db.query<{ difficulty: number }>(
      `select difficulty from round_shares where coin = $1 and round = 'solo' and address = $2`,
      [coin, address],
    ),
    latestNetworkSample(ctx.db, coin),
    ctx.db.query<{ n: number }>('select count(*)::int as n from blocks where coin = $1 and finder = $2 and merged_from is null', [
      coin,
      address,
    ]),
  ]);
  const row = miner.rows[0];
  if (!row) return null;
  const hpd = config.hashesPerDifficulty;
  const { v10, v6h, v24h } = buckets;
  const shares = { valid: buckets.validShares, stale: buckets.staleShares, invalid: buckets.invalidShares };
  const balanceOf = (c: string) => balances.rows.find((b) => b.coin === c);
  const own = balanceOf(coin);
  const decimals = config.unitDecimals;
  const schemes = workers.rows[0]?.schemes ?? [];
  const netDifficulty = network?.difficulty ?? 0;
  const soloDifficulty = solo.rows[0]?.difficulty ?? 0;
  const threshold = row.payout_threshold ? BigInt(row.payout_threshold) : config.defaultThreshold;
  return {
    coin,
    address,
    hashrate_10m: windowHashrate('10m', v10, hpd),
    hashrate_6h: windowHashrate('6h', v6h, hpd),
    hashrate_24h: windowHashrate('24h', v24h, hpd),
    shares_24h: shares,
    reward_7d: fromUnits(BigInt(rewards.rows[0]?.r7 ?? '0'), decimals),
    reward_30d: fromUnits(BigInt(rewards.rows[0]?.r30 ?? '0'), decimals),
    balance: fromUnits(BigInt(own?.mature ?? '0'), decimals),
    unconfirmed_balance: fromUnits(BigInt(own?.immature ?? '0'), decimals),
    total_paid: fromUnits(BigInt(own?.paid ?? '0'), decimals),
    payout_threshold: fromUnits(threshold, decimals),
    min_payout: fromUnits(config.minPayout, decimals),
    workers_online: workers.rows[0]?.online ?? 0,
    workers_offline: workers.rows[0]?.offline ?? 0,
    schemes,
    solo_effort: schemes.includes('solo') && netDifficulty > 0 ? effort(soloDifficulty, netDifficulty) : null,
    blocks: blocks.rows[0]?.n ?? 0,
    first_seen: unix(row.first_share_at),
    last_share: unix(row.last_share_at),
    merged: merged.map((child) => {
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

type ChartPoint = { t: number; hashrate: number; valid: number; stale: number; invalid: number };

export async function minerChart(
  ctx: ApiContext,
  coin: CoinTicker,
  address: string,
  range: ChartRange,
  worker?: { name: string; scheme: string },
) {
  const plan = rangePlan(range, ctx.now());
  const hpd = ctx.pool.coins.get(coin).hashesPerDifficulty;
  // Workers have no hourly rollup: their 10-minute buckets (kept 8 days) serve up to 7d.
  const table = worker
    ? '(select w.coin, w.address, w.worker, w.scheme, b.* from worker_buckets b join workers w on w.id = b.worker_id) as t'
    : plan.source === 'bucket'
      ? 'miner_buckets'
      : 'miner_hourly';
  const column = table === 'miner_hourly' ? 'hour' : 'bucket';
  const workerFilter = worker ? 'and worker = $6 and scheme = $7' : '';
  const params: unknown[] = [coin, address, ts(plan.from), ts(plan.to), plan.step];
  if (worker) params.push(worker.name, worker.scheme);
  const rows = await ctx.db.query<{ t: Date; valid: number; vn: number; sn: number; inv: number }>(
    `select date_bin(make_interval(secs => $5), ${column}, 'epoch') as t, sum(valid) as valid,
       sum(valid_n)::float8 as vn, sum(stale_n)::float8 as sn, sum(invalid_n)::float8 as inv
     from ${table} where coin = $1 and address = $2 and ${column} >= $3 and ${column} < $4 ${workerFilter}
     group by 1 order by 1`,
    params,
  );
  const points: ChartPoint[] = rows.rows.map((row) => ({
    t: unix(row.t),
    hashrate: hashrateFromShares(row.valid, hpd, plan.step),
    valid: row.vn,
    stale: row.sn,
    invalid: row.inv,
  }));
  return { range, step: plan.step, points };
}

/** Paid once in a block where the chain is followed (payout-follow.ts): the domain's one rule. */
export { payoutStatus } from '@openpool/domain/miner-rules';
import { payoutStatus } from '@openpool/domain/miner-rules';

export async function payouts(ctx: ApiContext, coin: string, address: string, before: number | null, limit: number) {
  const decimals = unitDecimalsOf(ctx.pool, coin as CoinTicker);
  const rows = await ctx.db.query<{
    id: number;
    created_at: Date;
    amount: string;
    received: string | null;
    status: string;
    txid: string | null;
    confirmations: number | null;
  }>(
    `select id, created_at, amount::text as amount, received::text as received, status, txid, confirmations from payouts
     where coin = $1 and address = $2 and ($3::int8 is null or id < $3) order by id desc limit $4`,
    [coin, address, before, limit + 1],
  );
  const page = rows.rows.slice(0, limit);
  const hasMore = rows.rows.length > limit;
  return {
    results: page.map((row) => ({
      date: unix(row.created_at),
      amount: fromUnits(BigInt(row.amount), decimals),
      received: fromUnits(BigInt(row.received ?? row.amount), decimals),
      status: payoutStatus(row),
      txid: row.txid,
      confirmations: row.confirmations,
    })),
    next: hasMore && page.length > 0 ? String(page[page.length - 1]!.id) : null,
  };
}

export async function balance(ctx: ApiContext, coin: string, address: string) {
  const decimals = unitDecimalsOf(ctx.pool, coin as CoinTicker);
  const row = (
    await ctx.db.query<BalanceRow>(
      'select coin, mature::text as mature, immature::text as immature, paid::text as paid from balances where coin = $1 and address = $2',
      [coin, address],
    )
  ).rows[0];
  return {
    balance: fromUnits(BigInt(row?.mature ?? '0'), decimals),
    unconfirmed_balance: fromUnits(BigInt(row?.immature ?? '0'), decimals),
    total_paid: fromUnits(BigInt(row?.paid ?? '0'), decimals),
  };
}

export async function dailyRewards(ctx: ApiContext, coin: CoinTicker, address: string, days: number) {
  const decimals = unitDecimalsOf(ctx.pool, coin);
  const now = ctx.now();
  const from = now - (now % 86_400_000) - (days - 1) * 86_400_000;
  const rows = await ctx.db.query<{ day: Date; amount: string; blocks: number }>(
    `select date_trunc('day', at) as day, sum(mature + immature)::text as amount, count(distinct block_id) filter (where kind in ('block', 'solo', 'fee_share'))::int as blocks
     from ledger where coin = $1 and address = $2 and kind = any($3::text[]) and at >= $4
     group by 1 order by 1 desc`,
    [coin, address, CREDIT_KINDS, new Date(from)],
  );
  return {
    results: rows.rows.map((row) => ({
      date: unix(row.day),
      amount: fromUnits(BigInt(row.amount), decimals),
      blocks: row.blocks,
    })),
  };
}

/** The miner's first share (the export's default start); undefined before any share. */
export async function firstShareAt(ctx: ApiContext, coin: string, address: string): Promise<Date | undefined> {
  const { rows } = await ctx.db.query<{ first: Date }>(
    'select first_share_at as first from miners where coin = $1 and address = $2',
    [coin, address],
  );
  return rows[0]?.first;
}
