/**
 * The hour jobs of a coin, run inside the batch's transaction when its event time crosses an
 * hour: PPS credit, payouts, and (at midnight) resets of idle balances.
 */
import type pg from 'pg';
import type { CoinTicker, MergedTicker } from '@openpool/domain/coins';
import type { CoinPoolConfig, PoolConfig } from '@openpool/domain/pool-config';
import { ppsCredit } from '@openpool/domain/rewards';
import type { PpsHourInputs } from '@openpool/domain/audit';
import { ppsHourPrice } from '@openpool/domain/pps-price';
import type { AuditDraft, AuditWriter } from './audit.ts';
import { HOUR_MS } from './aggregates.ts';
import { holdPpsHour, ppsHourCeiling, type BreakerContext } from './breaker.ts';
import { applyLedger } from './ledger.ts';

/** PPS: each valid share earns diff / network diff x subsidy x (1 - fee); credited hourly. */
export async function creditPps(
  client: pg.PoolClient,
  pool: CoinPoolConfig,
  boundary: number,
  lateWindow: number,
  breaker: BreakerContext,
  audit?: AuditWriter,
): Promise<void> {
  const due = await client.query<{ address: string; hour: Date; valid: number; credited: number }>(
    `select address, hour, valid, credited from miner_hourly
     where coin = $1 and scheme = 'pps' and valid > credited and hour < to_timestamp($2 / 1000.0) and hour >= to_timestamp($3 / 1000.0)
     for update`,
    [pool.coin, boundary, boundary - lateWindow],
  );
  if (due.rows.length === 0) return;
  // The samples of the due hours and of the hours before them; ppsHourPrice prices each hour
  // from them (the same function the audit verifier runs on the samples a record publishes).
  const shareHours = [...new Set(due.rows.map((row) => row.hour.getTime()))];
  const network = await client.query<{ at: Date; difficulty: number; reward: string }>(
    `select at, difficulty, reward::text as reward from network_samples
     where coin = $1 and at >= to_timestamp($2 / 1000.0) and at < to_timestamp($3 / 1000.0)
     order by at`,
    [pool.coin, Math.min(...shareHours) - HOUR_MS, Math.max(...shareHours) + HOUR_MS],
  );
  const samples = network.rows.map((row) => ({ at: row.at.getTime(), difficulty: row.difficulty, reward: row.reward }));
  const prices = new Map(shareHours.map((hour) => [hour, ppsHourPrice(hour, samples)]));
  // Credits per hour of shares, then per address: the breaker judges each hour as a whole.
  const byShareHour = new Map<number, Map<string, bigint>>();
  const paidRows: { address: string; hour: Date; valid: number; credited: number }[] = [];
  for (const row of due.rows) {
    const price = prices.get(row.hour.getTime());
    if (!price) continue; // no network difficulty known for that hour yet: paid on a later run
    const amount = ppsCredit(row.valid - row.credited, Number(price.difficulty), BigInt(price.reward), pool.feePpm.pps);
    const hourCredits = byShareHour.get(row.hour.getTime()) ?? new Map<string, bigint>();
    hourCredits.set(row.address, (hourCredits.get(row.address) ?? 0n) + amount);
    byShareHour.set(row.hour.getTime(), hourCredits);
    paidRows.push(row);
  }
  const { credits, passed, held } = await creditsWithinCeilings(client, pool.coin, byShareHour, breaker);
  if (audit && paidRows.length > 0) await audit(client, [ppsAuditDraft(pool, boundary, paidRows, prices, passed, held)]);
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

/**
 * The hours of credits the breaker lets through, summed per address; each hour above its
 * ceiling (with what that hour was credited before, for late shares) is held instead.
 */
async function creditsWithinCeilings(
  client: pg.PoolClient,
  coin: CoinTicker,
  byShareHour: ReadonlyMap<number, ReadonlyMap<string, bigint>>,
  breaker: BreakerContext,
): Promise<{ credits: Map<string, bigint>; passed: Set<number>; held: { hour: number; total: bigint }[] }> {
  const credits = new Map<string, bigint>();
  const held: { hour: number; total: bigint }[] = [];
  if (byShareHour.size === 0) return { credits, passed: new Set(), held };
  const hours = [...byShareHour.keys()];
  const before = await client.query<{ hour: Date; credited: string }>(
    `select hour, credited::text as credited from pps_hour_credits
     where coin = $1 and hour = any(select to_timestamp(t / 1000.0) from unnest($2::float8[]) as t)`,
    [coin, hours],
  );
  const creditedBefore = new Map(before.rows.map((row) => [row.hour.getTime(), BigInt(row.credited)]));
  const passed: { hour: number; total: bigint }[] = [];
  for (const [hour, hourCredits] of byShareHour) {
    let total = 0n;
    for (const amount of hourCredits.values()) total += amount;
    if (total === 0n) continue;
    const ceiling = await ppsHourCeiling(client, coin, breaker, hour);
    if ((creditedBefore.get(hour) ?? 0n) + total > ceiling.ceiling) {
      await holdPpsHour(client, coin, hour, hourCredits, total, ceiling, breaker.log);
      held.push({ hour, total });
      continue;
    }
    passed.push({ hour, total });
    for (const [address, amount] of hourCredits) credits.set(address, (credits.get(address) ?? 0n) + amount);
  }
  if (passed.length > 0)
    await client.query(
      `insert into pps_hour_credits (coin, hour, credited)
       select $1, to_timestamp(h / 1000.0), c::numeric from unnest($2::float8[], $3::text[]) as u(h, c)
       on conflict (coin, hour) do update set credited = pps_hour_credits.credited + excluded.credited`,
      [coin, passed.map((p) => p.hour), passed.map((p) => p.total.toString())],
    );
  return { credits, passed: new Set(passed.map((p) => p.hour)), held };
}

/**
 * The run's audit record (decision 025): each credited hour's price inputs, and per miner the
 * work of each credited hour (the float the credit was computed from) and the credit, which
 * is exactly the ledger row this run writes for that miner.
 */
function ppsAuditDraft(
  pool: CoinPoolConfig,
  boundary: number,
  rows: readonly { address: string; hour: Date; valid: number; credited: number }[],
  prices: ReadonlyMap<number, PpsHourInputs | null>,
  passed: ReadonlySet<number>,
  held: readonly { hour: number; total: bigint }[],
): AuditDraft {
  const miners = new Map<string, { work: [string, string][]; credit: bigint }>();
  for (const row of rows) {
    const hour = row.hour.getTime();
    const price = prices.get(hour);
    if (!price || !passed.has(hour)) continue;
    const work = row.valid - row.credited;
    const miner = miners.get(row.address) ?? { work: [], credit: 0n };
    miner.work.push([String(hour / 1000), String(work)]);
    miner.credit += ppsCredit(work, Number(price.difficulty), BigInt(price.reward), pool.feePpm.pps);
    miners.set(row.address, miner);
  }
  return {
    chain: pool.coin,
    kind: 'pps',
    coin: pool.coin,
    at: boundary,
    inputs: {
      fee_ppm: pool.feePpm.pps,
      hours: [...passed].sort((a, b) => a - b).flatMap((hour) => prices.get(hour) ?? []),
      held: held.map((h) => ({ hour: h.hour / 1000, total: h.total.toString() })),
    },
    miners,
  };
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
