/**
 * The hour jobs of a coin, run inside the batch's transaction when its event time crosses an
 * hour: PPS credit, payouts, and (at midnight) resets of idle balances.
 */
import type pg from 'pg';
import type { CoinTicker, MergedTicker } from '@openpool/domain/coins';
import type { CoinPoolConfig, PoolConfig } from '@openpool/domain/pool-config';
import { ppsCredit } from '@openpool/domain/rewards';
import { HOUR_MS } from './aggregates.ts';
import { applyLedger } from './ledger.ts';

/** PPS: each valid share earns diff / network diff x subsidy x (1 - fee); credited hourly. */
export async function creditPps(
  client: pg.PoolClient,
  pool: CoinPoolConfig,
  boundary: number,
  lateWindow: number,
): Promise<void> {
  const due = await client.query<{ address: string; hour: Date; valid: number; credited: number }>(
    `select address, hour, valid, credited from miner_hourly
     where coin = $1 and scheme = 'pps' and valid > credited and hour < to_timestamp($2 / 1000.0) and hour >= to_timestamp($3 / 1000.0)
     for update`,
    [pool.coin, boundary, boundary - lateWindow],
  );
  if (due.rows.length === 0) return;
  // The hour's mean network difficulty and its latest subsidy, from the samples.
  const network = await client.query<{ hour: Date; difficulty: number; reward: string }>(
    `select date_trunc('hour', at) as hour, avg(difficulty) as difficulty, (array_agg(reward order by at desc))[1]::text as reward
     from network_samples where coin = $1 and at >= to_timestamp($2 / 1000.0) and at < to_timestamp($3 / 1000.0)
     group by 1`,
    [pool.coin, boundary - lateWindow - HOUR_MS, boundary],
  );
  const byHour = new Map(network.rows.map((row) => [row.hour.getTime(), row]));
  const credits = new Map<string, bigint>();
  const paidRows: { address: string; hour: Date; valid: number }[] = [];
  for (const row of due.rows) {
    const sample = byHour.get(row.hour.getTime()) ?? byHour.get(row.hour.getTime() - HOUR_MS);
    if (!sample) continue; // no network difficulty known for that hour yet: paid on a later run
    const amount = ppsCredit(row.valid - row.credited, sample.difficulty, BigInt(sample.reward), pool.feePpm.pps);
    credits.set(row.address, (credits.get(row.address) ?? 0n) + amount);
    paidRows.push(row);
  }
  await applyLedger(
    client,
    [...credits].map(([address, amount]) => ({
      coin: pool.coin,
      address,
      kind: 'pps',
      mature: amount,
      immature: 0n,
      at: boundary,
    })),
  );
  if (paidRows.length > 0) {
    // Narrowed to the due rows' partial index, then matched by key.
    await client.query(
      `update miner_hourly m set credited = u.valid
       from unnest($2::text[], $3::timestamptz[], $4::float8[]) as u(address, hour, valid)
       where m.coin = $1 and m.scheme = 'pps' and m.valid > m.credited
         and m.hour >= to_timestamp($5 / 1000.0) and m.hour < to_timestamp($6 / 1000.0)
         and m.address = u.address and m.hour = u.hour`,
      [
        pool.coin,
        paidRows.map((r) => r.address),
        paidRows.map((r) => r.hour),
        paidRows.map((r) => r.valid),
        boundary - lateWindow,
        boundary,
      ],
    );
  }
}

export async function makePayouts(client: pg.PoolClient, config: PoolConfig, coin: string, boundary: number): Promise<void> {
  const poolCoin = config.coins.get(coin as CoinTicker);
  const merged = config.merged.get(coin as MergedTicker);
  // fb is both a pool of its own and a merged child of btc: its own pool's rules win.
  const schedule = poolCoin?.payoutSchedule ?? 'daily';
  const isMidnight = boundary % (24 * HOUR_MS) === 0;
  if (schedule === 'daily' && !isMidnight) return;
  const minPayout = poolCoin?.minPayout ?? merged?.minPayout;
  if (minPayout === undefined) return;
  const defaultThreshold = poolCoin?.defaultThreshold ?? minPayout;
  // A merged child's balance belongs to a parent-coin miner: the threshold set there applies.
  const thresholdCoin = poolCoin ? coin : (merged?.parents[0] ?? coin);
  const due = await client.query<{ address: string; mature: string }>(
    `select b.address, b.mature::text as mature from balances b
     left join miners m on m.coin = $2 and m.address = b.address
     where b.coin = $1 and b.mature >= greatest(coalesce(case when $2 = $1 then m.payout_threshold end, $3::numeric), $4::numeric)
     order by b.address
     for update of b`,
    [coin, thresholdCoin, defaultThreshold.toString(), minPayout.toString()],
  );
  if (due.rows.length === 0) return;
  const ids = await client.query<{ id: number; address: string }>(
    `insert into payouts (coin, address, amount, created_at)
     select $1, a, m::numeric, to_timestamp($4 / 1000.0) from unnest($2::text[], $3::text[]) as u(a, m)
     returning id, address`,
    [coin, due.rows.map((r) => r.address), due.rows.map((r) => r.mature), boundary],
  );
  const idOf = new Map(ids.rows.map((row) => [row.address, row.id]));
  await applyLedger(
    client,
    due.rows.map((row) => ({
      coin,
      address: row.address,
      kind: 'payout' as const,
      mature: -BigInt(row.mature),
      immature: 0n,
      payoutId: idOf.get(row.address),
      at: boundary,
    })),
  );
}

/** A mature balance left without shares for `balance_reset_days` is reset, as a ledger row. */
export async function resetIdleBalances(
  client: pg.PoolClient,
  config: PoolConfig,
  coin: string,
  boundary: number,
): Promise<void> {
  const merged = config.merged.get(coin as MergedTicker);
  const minerCoin = config.coins.has(coin as CoinTicker) ? coin : (merged?.parents[0] ?? coin);
  const cutoff = boundary - config.balanceResetDays * 24 * HOUR_MS;
  const idle = await client.query<{ address: string; mature: string }>(
    `select b.address, b.mature::text as mature from balances b
     join miners m on m.coin = $2 and m.address = b.address
     where b.coin = $1 and b.mature > 0 and m.last_share_at < to_timestamp($3 / 1000.0)
     for update of b`,
    [coin, minerCoin, cutoff],
  );
  await applyLedger(
    client,
    idle.rows.map((row) => ({
      coin,
      address: row.address,
      kind: 'reset' as const,
      mature: -BigInt(row.mature),
      immature: 0n,
      at: boundary,
    })),
  );
}
