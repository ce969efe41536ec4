/**
 * The payout circuit breaker (decisions 018 and 029), as real pools have one. Before an hour
 * of PPS credits is written it is compared with what the hour's PPS work earns at the
 * chain's reference (`reference.ts`: the coin's node, or a week of samples weighted by time),
 * which the samples of an attack cannot move: a few times that, and never more than
 * `hourCreditCeiling`, every block the whole chain could find in an hour. An hour above it is
 * held in `held_credits`, not credited; a payout above `payoutCap` is held before it is
 * created. /health says so, and the operator releases or discards each with `npm run held`.
 */
import type pg from 'pg';
import { hourCreditCeiling, payoutCap, subsidyUnits } from '@openpool/domain/chain-bounds';
import { CHAIN_PARAMS, type ChainKind } from '@openpool/domain/chain-params';
import type { MinedTicker } from '@openpool/domain/events';
import { HOUR_MS } from './aggregates.ts';
import type { ReferenceBook } from './reference.ts';

/** What the hour jobs need to know of a coin's chain for the breaker. */
export interface BreakerContext {
  chainOf: (coin: string) => ChainKind;
  references: ReferenceBook;
  log?: (line: string) => void;
}

/**
 * How far above what its work earns at the reference an hour may be credited before it is
 * held. PPS pays no luck, so an honest hour earns about 1x: more means the hour's difficulty
 * sat far below the week's (a chain that lost three quarters of its hashrate within days, or
 * an attack) and the operator should look before it is paid.
 */
export const EXPECTED_MARGIN = 4n;

export interface HourCeiling {
  ceiling: bigint;
  basis: string;
}

/**
 * How many times the whole chain's hour (every block it finds in an hour, at the reference
 * subsidy) one hour of the pool may be credited: a pool is part of the network, and twice
 * leaves room for a reference difficulty that lags a chain whose hashrate grows. Work claimed
 * beyond it (one share above all the network's hashes of an hour) is held for the operator.
 * Real chains only: on a test chain the pool is the network and finds blocks on demand.
 */
const CHAIN_SHARE_MAX = 2;

/** Work over difficulty is a float of blocks; it is counted in billionths so that money stays integer. */
const BILLIONTHS = 1_000_000_000n;

/** The most the PPS credits of the hour of shares starting at `hour` may add up to. */
export async function ppsHourCeiling(
  client: pg.PoolClient,
  coin: MinedTicker,
  breaker: BreakerContext,
  hour: number,
): Promise<HourCeiling> {
  const chain = hourCreditCeiling(coin, breaker.chainOf(coin));
  const whole = { ceiling: chain, basis: 'the whole chain’s hour' };
  const week = await breaker.references.at(client, coin, hour + HOUR_MS);
  if (!week) return whole;
  // On a real chain the subsidy is never above the chain's own (chain-params.ts; subsidies
  // only fall): in a pool's first week every sample may be the attacker's, the first one at
  // four times the subsidy, and "twice the chain's hour" at that subsidy was 8 chain hours.
  const reference =
    breaker.chainOf(coin) === 'main' && week.reward > subsidyUnits(coin) ? { ...week, reward: subsidyUnits(coin) } : week;
  const work = await client.query<{ work: number | null }>(
    `select sum(valid) as work from miner_hourly where coin = $1 and scheme = 'pps' and hour = to_timestamp($2 / 1000.0)`,
    [coin, hour],
  );
  const hourWork = work.rows[0]?.work ?? 0;
  // Rounded up, so an hour's own credit never exceeds it by rounding alone.
  const worth = (blocks: number) =>
    (BigInt(Math.ceil(blocks * Number(BILLIONTHS))) * reference.reward + BILLIONTHS - 1n) / BILLIONTHS;
  const expected = EXPECTED_MARGIN * worth(hourWork / reference.difficulty);
  // On a real chain, also never more than twice the whole chain's hour at the reference.
  const chainHour =
    breaker.chainOf(coin) === 'main' ? worth((3600 / CHAIN_PARAMS[coin].blockTimeSeconds) * CHAIN_SHARE_MAX) : null;
  if (chainHour !== null && chainHour < expected && chainHour < chain)
    return { ceiling: chainHour, basis: `twice the whole chain’s hour at ${reference.basis} (its work: ${hourWork})` };
  return expected < chain
    ? { ceiling: expected, basis: `${EXPECTED_MARGIN} times what its work (${hourWork}) earns at ${reference.basis}` }
    : whole;
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
