/**
 * The latest network sample of a coin (difficulty, hashrate, height, block reward), the one
 * place it is read (the same query was once written four times). `asOfMs` reads the
 * sample in force at a moment instead (the engine crediting a past bucket); several coins at
 * once, `latestNetworkSamples`.
 */
import type pg from 'pg';

export interface NetworkSample {
  difficulty: number;
  hashrate: number;
  height: number;
  /** Block reward in the coin's smallest units. */
  reward: string;
}

const COLUMNS = 'select difficulty, hashrate, height, reward::text as reward from network_samples';

export async function latestNetworkSample(
  db: pg.Pool | pg.PoolClient,
  coin: string,
  asOfMs?: number,
): Promise<NetworkSample | null> {
  // Two statements rather than one with an optional bound, so each keeps its index plan.
  const result =
    asOfMs === undefined
      ? await db.query<NetworkSample>(`${COLUMNS} where coin = $1 order by at desc limit 1`, [coin])
      : await db.query<NetworkSample>(`${COLUMNS} where coin = $1 and at <= to_timestamp($2 / 1000.0) order by at desc limit 1`, [
          coin,
          asOfMs,
        ]);
  return result.rows[0] ?? null;
}

/** The latest sample of each of `coins`, in one statement (a coin without one is absent). */
export async function latestNetworkSamples(
  db: pg.Pool | pg.PoolClient,
  coins: readonly string[],
): Promise<Map<string, NetworkSample>> {
  const result = await db.query<NetworkSample & { coin: string }>(
    `select distinct on (coin) coin, difficulty, hashrate, height, reward::text as reward
       from network_samples where coin = any($1) order by coin, at desc`,
    [coins],
  );
  return new Map(result.rows.map(({ coin, ...sample }) => [coin, sample]));
}
