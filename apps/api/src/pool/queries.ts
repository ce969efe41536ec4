/**
 * Pool-level reads: stats, charts, blocks, top miners. Pure SQL over the rollups the
 * engine maintains; no query here scans raw shares (there are none).
 */
import { AUX_COINS, COINS, isCoinTicker, type AuxTicker, type CoinTicker } from '@openpool/domain/coins';
import type { ChartRange, PoolStats } from '@openpool/domain/api';
import { fromUnits, unitDecimalsOf } from '@openpool/domain/pool-config';
import { hashrateFromShares } from '@openpool/domain/mining';
import { effort } from '@openpool/domain/rewards';
import { blockConfirmations } from '@openpool/domain/confirmations';
import { mainScheme } from '@openpool/domain/miner-rules';
import type { ApiContext } from '../context.ts';
import { latestNetworkSample, latestNetworkSamples } from '../stats/network-sample.ts';
import { OFFLINE_AFTER_S, rangePlan, ts, unix, windowHashrate, windowStart, windows } from '../stats/windows.ts';
import { historyFilling } from '../db/history-schema.ts';

export interface BlockRow {
  coin: string;
  height: number;
  hash: string;
  reward: string;
  scheme: string;
  effort: number | null;
  status: 'pending' | 'confirmed' | 'orphaned';
  confirmations: number;
  found_at: Date;
  merged_from: string | null;
  finder: string;
  worker: string | null;
}

/**
 * A block as the API gives it. `tip` is the chain height of the block's coin (its latest network
 * sample): confirmations follow it (decision 024), not the steps in which status events arrive.
 */
export function blockSummary(ctx: ApiContext, row: BlockRow, tip: number | null) {
  const required =
    ctx.pool.coins.get(row.coin as CoinTicker)?.confirmations ?? ctx.pool.merged.get(row.coin as never)?.confirmations ?? 0;
  return {
    date: unix(row.found_at),
    height: row.height,
    hash: row.hash,
    reward: fromUnits(BigInt(row.reward), unitDecimalsOf(ctx.pool, row.coin as CoinTicker)),
    scheme: row.scheme,
    effort: row.effort,
    status: row.status,
    confirmations: blockConfirmations({ height: row.height, status: row.status, reported: row.confirmations }, tip, required),
    required_confirmations: required,
    merged_from: row.merged_from,
  };
}

export async function poolStats(ctx: ApiContext, coin: CoinTicker): Promise<PoolStats> {
  const config = ctx.pool.coins.get(coin);
  const main = mainScheme(config.schemes) as (typeof config.schemes)[number];
  const { end } = windows(ctx.now());
  const [rates, online, network, blocks, blocks24h, rounds, filling] = await Promise.all([
    // Per scheme and, in the rollup's row without a scheme, the pool's own sums: the page shows
    // the pool's three windows and each scheme's last 10 minutes.
    ctx.db.query<{ scheme: string | null; v10: number; v6h: number; v24h: number }>(
      `select scheme,
         coalesce(sum(valid) filter (where bucket = $2), 0) as v10,
         coalesce(sum(valid) filter (where bucket >= $3), 0) as v6h,
         coalesce(sum(valid), 0) as v24h
       from pool_buckets where coin = $1 and bucket >= $4 and bucket < $5 group by rollup (scheme)`,
      [coin, windowStart('10m', end), windowStart('6h', end), windowStart('24h', end), ts(end)],
    ),
    ctx.db.query<{ miners: number; workers: number }>(
      `select count(distinct address)::int as miners, count(*)::int as workers from workers where coin = $1 and last_share_at >= $2`,
      [coin, new Date(ctx.now() - OFFLINE_AFTER_S * 1000)],
    ),
    latestNetworkSample(ctx.db, coin),
    ctx.db.query<BlockRow>(
      `select coin, height, hash, reward::text as reward, scheme, effort, status, confirmations, found_at, merged_from, finder, worker
       from blocks where coin = $1 and merged_from is null order by found_at desc, id desc limit 10`,
      [coin],
    ),
    ctx.db.query<{ n: number }>(
      `select count(*)::int as n from blocks where coin = $1 and merged_from is null and found_at >= $2`,
      [coin, new Date(ctx.now() - 24 * 3600 * 1000)],
    ),
    // The effort shown is the main scheme's round: only its shares are summed.
    ctx.db.query<{ difficulty: number }>(
      `select coalesce(sum(difficulty), 0) as difficulty from round_shares where coin = $1 and round = $2`,
      [coin, main],
    ),
    historyFilling(ctx.db),
  ]);
  const hpd = config.hashesPerDifficulty;
  const byScheme: Record<string, number> = {};
  for (const row of rates.rows) if (row.scheme !== null) byScheme[row.scheme] = windowHashrate('10m', row.v10, hpd);
  // The rollup's grand total is there even when no bucket is (sums of nothing, 0).
  const { v10, v6h, v24h } = rates.rows.find((row) => row.scheme === null) ?? { v10: 0, v6h: 0, v24h: 0 };
  const net = network;
  const roundDifficulty = rounds.rows[0]?.difficulty ?? 0;
  return {
    ticker: coin,
    name: coin.toUpperCase(),
    algorithm: COINS[coin].algorithm,
    fee: config.fees[main],
    fee_type: config.feeType,
    fees: Object.fromEntries(config.schemes.map((scheme) => [scheme, config.fees[scheme]])),
    schemes: [...config.schemes],
    hashrate: windowHashrate('10m', v10, hpd),
    hashrate_6h: windowHashrate('6h', v6h, hpd),
    hashrate_24h: windowHashrate('24h', v24h, hpd),
    hashrate_by_scheme: byScheme,
    miners: online.rows[0]?.miners ?? 0,
    workers: online.rows[0]?.workers ?? 0,
    net_hashrate: net?.hashrate ?? 0,
    net_difficulty: net?.difficulty ?? 0,
    block_reward: fromUnits(BigInt(net?.reward ?? '0'), config.unitDecimals),
    height: net?.height ?? 0,
    directMining: config.directMining,
    // No network sample yet: no figure, rather than the 0 effort() gives (one effort rule, in the domain).
    effort: net && net.difficulty > 0 ? effort(roundDifficulty, net.difficulty) : null,
    blocks_24h: blocks24h.rows[0]?.n ?? 0,
    last_blocks_found: blocks.rows.map((row) => blockSummary(ctx, row, net?.height ?? null)),
    merged: [...COINS[coin].mergedCoins],
    payout: {
      schedule: config.payoutSchedule,
      min: fromUnits(config.minPayout, config.unitDecimals),
      default_threshold: fromUnits(config.defaultThreshold, config.unitDecimals),
    },
    servers: { urls: config.stratumUrls, ssl_urls: config.sslStratumUrls },
    updated_at: Math.floor(ctx.now() / 1000),
    history_filling: filling,
  };
}

export async function poolChart(ctx: ApiContext, coin: CoinTicker, range: ChartRange) {
  const plan = rangePlan(range, ctx.now());
  const hpd = ctx.pool.coins.get(coin).hashesPerDifficulty;
  const [table, minersTable, column] =
    plan.source === 'bucket' ? ['pool_buckets', 'miner_buckets', 'bucket'] : ['pool_hourly', 'miner_hourly', 'hour'];
  const rows = await ctx.db.query<{ t: Date; first: Date; valid: number; miners: number }>(
    `with p as (
       select date_bin(make_interval(secs => $4), ${column}, 'epoch') as t, min(${column}) as first, sum(valid) as valid
       from ${table} where coin = $1 and ${column} >= $2 and ${column} < $3 group by 1
     ), m as (
       select date_bin(make_interval(secs => $4), ${column}, 'epoch') as t, count(distinct address)::int as miners
       from ${minersTable} where coin = $1 and ${column} >= $2 and ${column} < $3 and valid > 0 group by 1
     )
     select p.t, p.first, p.valid, coalesce(m.miners, 0) as miners from p left join m using (t) order by p.t`,
    [coin, ts(plan.from), ts(plan.to), plan.step],
  );
  // The pool's first bucket, when its history begins inside it (a first start's backfill, a new
  // coin), covers only part of its length and would draw a dip: it is left out.
  const first = rows.rows[0];
  const complete = first && first.first.getTime() > first.t.getTime() ? rows.rows.slice(1) : rows.rows;
  return {
    range,
    step: plan.step,
    points: complete.map((row) => ({
      t: unix(row.t),
      hashrate: hashrateFromShares(row.valid, hpd, plan.step),
      miners: row.miners,
    })),
  };
}

export async function networkChart(ctx: ApiContext, coin: CoinTicker, range: ChartRange) {
  const plan = rangePlan(range, ctx.now());
  const rows = await ctx.db.query<{ t: Date; difficulty: number; hashrate: number; height: number }>(
    `select date_bin(make_interval(secs => $4), at, 'epoch') as t, avg(difficulty) as difficulty, avg(hashrate) as hashrate, max(height) as height
     from network_samples where coin = $1 and at >= $2 and at < $3 group by 1 order by 1`,
    // Complete buckets only, like the pool's: a half-filled last bucket is an average of fewer samples.
    [coin, ts(plan.from), ts(plan.to), plan.step],
  );
  return {
    range,
    step: plan.step,
    points: rows.rows.map((row) => ({ t: unix(row.t), difficulty: row.difficulty, hashrate: row.hashrate, height: row.height })),
  };
}

/** The blocks page's filters (decision 027); absent ones filter nothing. */
export interface BlockFilter {
  status?: 'pending' | 'confirmed' | 'orphaned' | undefined;
  scheme?: string | undefined;
  /** A miner's own blocks: the "my blocks" of a solo miner's page. */
  finder?: string | undefined;
  /** With the merge-mined coins' blocks found through this pool (ltc: doge, pep, bells). */
  merged?: boolean | undefined;
}

/**
 * Blocks found by the pool, newest first. Each block's confirmations follow its own chain's tip
 * (a merge-mined block's, its chain's), through the one rule in @openpool/domain/confirmations.
 */
export async function blocksPage(ctx: ApiContext, coin: CoinTicker, page: number, pageSize: number, filter: BlockFilter = {}) {
  const where = `(coin = $1 and merged_from is null${filter.merged ? ' or merged_from = $1' : ''})
       and ($2::text is null or status = $2) and ($3::text is null or scheme = $3) and ($4::text is null or finder = $4)`;
  const values = [coin, filter.status ?? null, filter.scheme ?? null, filter.finder ?? null];
  const chains = [coin, ...(filter.merged ? COINS[coin].mergedCoins : [])];
  const [rows, total, tips] = await Promise.all([
    ctx.db.query<BlockRow>(
      `select coin, height, hash, reward::text as reward, scheme, effort, status, confirmations, found_at, merged_from, finder, worker
       from blocks where ${where} order by found_at desc, id desc limit $5 offset $6`,
      [...values, pageSize, (page - 1) * pageSize],
    ),
    ctx.db.query<{ n: number }>(`select count(*)::int as n from blocks where ${where}`, values),
    latestNetworkSamples(ctx.db, chains),
  ]);
  return {
    page,
    page_size: pageSize,
    total: total.rows[0]?.n ?? 0,
    results: rows.rows.map((row) => ({
      ...blockSummary(ctx, row, tips.get(row.coin)?.height ?? null),
      coin: row.coin,
      finder: row.finder,
      worker: row.worker,
    })),
  };
}

export async function topMiners(ctx: ApiContext, coin: CoinTicker, limit = 100) {
  const { end } = windows(ctx.now());
  const hpd = ctx.pool.coins.get(coin).hashesPerDifficulty;
  const rows = await ctx.db.query<{ address: string; valid: number; total: number; workers: number; first_seen: Date }>(
    `with m as (
       select address, sum(valid) as valid from miner_buckets where coin = $1 and bucket >= $2 and bucket < $3 group by address
     )
     select m.address, m.valid, sum(m.valid) over () as total,
       (select count(*)::int from workers w where w.coin = $1 and w.address = m.address and w.last_share_at >= $5) as workers,
       mi.first_share_at as first_seen
     from m join miners mi on mi.coin = $1 and mi.address = m.address
     where m.valid > 0 order by m.valid desc, m.address limit $4`,
    [coin, windowStart('24h', end), ts(end), limit, new Date(ctx.now() - OFFLINE_AFTER_S * 1000)],
  );
  return {
    results: rows.rows.map((row, index) => ({
      rank: index + 1,
      address: row.address,
      hashrate: windowHashrate('24h', row.valid, hpd),
      share: row.total > 0 ? row.valid / row.total : 0,
      workers: row.workers,
      first_seen: unix(row.first_seen),
    })),
  };
}

/**
 * Every merge-mined coin of an enabled pool with its own figures (decision 020: /merge
 * showed Fractal Bitcoin with Bitcoin's hashrate and miners): its chain's latest sample and
 * the blocks of that coin the pool found, merge-mined or (fb) by its own pool.
 */
export async function mergedStats(ctx: ApiContext) {
  const children = [...ctx.pool.merged.values()].filter((child) =>
    child.parents.some((parent) => ctx.site.enabled.includes(parent)),
  );
  const tickers = children.map((child) => child.coin);
  const since = new Date(ctx.now() - 24 * 3600 * 1000);
  const [samples, blocks] = await Promise.all([
    latestNetworkSamples(ctx.db, tickers),
    ctx.db.query<{ coin: string; n: number; last: Date | null }>(
      `select coin, count(*) filter (where found_at >= $2)::int as n, max(found_at) as last
       from blocks where coin = any($1::text[]) group by coin`,
      [tickers, since],
    ),
  ]);
  return {
    results: children.map((child) => {
      const sample = samples.get(child.coin);
      const found = blocks.rows.find((row) => row.coin === child.coin);
      return {
        ticker: child.coin,
        name: isCoinTicker(child.coin) ? COINS[child.coin].name : AUX_COINS[child.coin as AuxTicker].name,
        parents: child.parents.filter((parent) => ctx.site.enabled.includes(parent)),
        fee: child.feePpm / 1_000_000,
        min_payout: fromUnits(child.minPayout, child.unitDecimals),
        payout_schedule: 'daily' as const,
        blocks_24h: found?.n ?? 0,
        last_block_found: found?.last ? unix(found.last) : null,
        net_hashrate: sample?.hashrate ?? 0,
        net_difficulty: sample?.difficulty ?? 0,
        block_reward: fromUnits(BigInt(sample?.reward ?? '0'), child.unitDecimals),
        height: sample?.height ?? 0,
        updated_at: Math.floor(ctx.now() / 1000),
      };
    }),
  };
}
