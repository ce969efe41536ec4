/**
 * The payout circuit breaker (decision 018), as real pools have one. Before an hour of PPS
 * credits is written it is compared with what the pool could have earned that hour: the
 * pool's work that hour over the median network difficulty of the day before, at the latest
 * subsidy, ten times over; and never more than `hourCreditCeiling`, every block the whole
 * chain could find in an hour. An hour above it is held in `held_credits`, not credited; a
 * payout above `payoutCap` is held before it is created. /health says so, and the operator
 * releases or discards each with `npm run held`.
 */
import type pg from 'pg';
import { hourCreditCeiling, payoutCap } from '@openpool/domain/chain-bounds';
import type { ChainKind } from '@openpool/domain/chain-params';
import type { MinedTicker } from '@openpool/domain/events';
import { HOUR_MS } from './aggregates.ts';

/** What the hour jobs need to know of a coin's chain for the breaker. */
export interface BreakerContext {
  chainOf: (coin: string) => ChainKind;
  log?: (line: string) => void;
}

/** How far above its expected earnings an hour may go before it is held: luck is never this good. */
export const EXPECTED_MARGIN = 10n;

export interface HourCeiling {
  ceiling: bigint;
  basis: string;
}

/** The most the PPS credits of the hour of shares starting at `hour` may add up to. */
export async function ppsHourCeiling(
  client: pg.PoolClient,
  coin: MinedTicker,
  kind: ChainKind,
  hour: number,
): Promise<HourCeiling> {
  const chain = hourCreditCeiling(coin, kind);
  const expected = await client.query<{ work: number | null; difficulty: number | null; reward: string | null }>(
    `select (select sum(valid) from miner_hourly where coin = $1 and hour = to_timestamp($2 / 1000.0)) as work,
            (select percentile_cont(0.5) within group (order by difficulty) from network_samples
               where coin = $1 and at >= to_timestamp(($2 - $3) / 1000.0) and at < to_timestamp(($2 + $4) / 1000.0)) as difficulty,
            (select reward::text from network_samples where coin = $1 and at < to_timestamp(($2 + $4) / 1000.0)
               order by at desc limit 1) as reward`,
    [coin, hour, 24 * HOUR_MS, HOUR_MS],
  );
  const row = expected.rows[0];
  if (!row?.work || !row.difficulty || row.reward === null) return { ceiling: chain, basis: 'the whole chain’s hour' };
  // Expected blocks of the hour (work and difficulty are both in difficulty-1 units), in
  // millionths so that the amount is computed in integers, never a float of money.
  const MILLIONTHS = 1_000_000n;
  const blocks = BigInt(Math.ceil((row.work / row.difficulty) * 1e6));
  const poolEstimate = (blocks * BigInt(row.reward) * EXPECTED_MARGIN) / MILLIONTHS;
  return poolEstimate < chain
    ? {
        ceiling: poolEstimate,
        basis: `ten times the pool’s expected earnings (work ${row.work}, median difficulty ${row.difficulty})`,
      }
    : { ceiling: chain, basis: 'the whole chain’s hour' };
}

/** Holds an hour of PPS credits instead of writing them. */
export async function holdPpsHour(
  client: pg.PoolClient,
  coin: string,
  hour: number,
  credits: ReadonlyMap<string, bigint>,
  total: bigint,
  ceiling: HourCeiling,
  log?: (line: string) => void,
): Promise<void> {
  const reason = `PPS credits of ${new Date(hour).toISOString()} (${total}) above ${ceiling.basis} (${ceiling.ceiling})`;
  await client.query(
    `insert into held_credits (coin, kind, hour, total, ceiling, reason, credits)
     values ($1, 'pps_hour', to_timestamp($2 / 1000.0), $3::numeric, $4::numeric, $5, $6::jsonb)`,
    [
      coin,
      hour,
      total.toString(),
      ceiling.ceiling.toString(),
      reason,
      JSON.stringify(Object.fromEntries([...credits].map(([address, amount]) => [address, amount.toString()]))),
    ],
  );
  log?.(`engine: ${coin}: held ${reason}; release or discard it with npm run held`);
}

/** The payouts of `due` above the coin's cap are held (once each) and left out of the payout run. */
export async function holdOversizedPayouts<T extends { address: string; mature: string }>(
  client: pg.PoolClient,
  coin: MinedTicker,
  kind: ChainKind,
  boundary: number,
  due: readonly T[],
  log?: (line: string) => void,
): Promise<T[]> {
  const cap = payoutCap(coin, kind);
  const over = due.filter((row) => BigInt(row.mature) > cap);
  if (over.length === 0) return [...due];
  const held = await client.query<{ address: string }>(
    `select address from held_credits where coin = $1 and kind = 'payout' and status = 'held' and address = any($2)`,
    [coin, over.map((row) => row.address)],
  );
  const already = new Set(held.rows.map((row) => row.address));
  for (const row of over) {
    if (already.has(row.address)) continue;
    const reason = `payout of ${row.mature} to ${row.address} above the cap of ${cap}`;
    await client.query(
      `insert into held_credits (coin, kind, hour, address, total, ceiling, reason)
       values ($1, 'payout', to_timestamp($2 / 1000.0), $3, $4::numeric, $5::numeric, $6)`,
      [coin, boundary, row.address, row.mature, cap.toString(), reason],
    );
    log?.(`engine: ${coin}: held ${reason}; release or discard it with npm run held`);
  }
  const skipped = new Set(over.map((row) => row.address));
  return due.filter((row) => !skipped.has(row.address));
}
