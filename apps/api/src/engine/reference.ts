/**
 * What a chain's difficulty and subsidy are, from something the ingest token cannot move
 * within an attack (decision 029): the breaker judges each hour of PPS credits against it.
 *
 * - A coin with a node of its own: the node's difficulty (`getdifficulty`, polled by the
 *   runtime); a stratum server's samples do not reach it.
 * - Otherwise: the network samples of the week before, each weighted by how long it held
 *   (`timeWeightedDifficulty`). An attack of a few hours moves it by its share of the week
 *   (12 hours of 168: 7 %); the attack's own samples count for no more than the time they held.
 *
 * The subsidy is the lowest any sample of that week carried: a subsidy only ever falls
 * (halvings), so one walked up inside the bounds never raises what an hour is expected to earn.
 */
import type pg from 'pg';
import { sampleWeights, weightedMean } from '@openpool/domain/network-difficulty';
import { HOUR_MS } from './aggregates.ts';

/** Longer than any attack the breaker must see through: a week. */
export const REFERENCE_WINDOW_MS = 7 * 24 * HOUR_MS;
/** The reference is recomputed per coin every 10 minutes of event time: a week moves slowly. */
const REFRESH_MS = 10 * 60_000;

export interface ChainReference {
  /** In difficulty-1 units, as samples and shares count it. */
  difficulty: number;
  /** Smallest units. */
  reward: bigint;
  /** In words, for a held hour's reason. */
  basis: string;
}

/** The difficulty a coin's own node reports now, when the pool runs one for that coin. */
export type NodeDifficulty = (coin: string) => number | undefined;

/** References kept: an hour job with late shares judges up to 48 hours of one coin at once. */
const CACHED = 256;

export class ReferenceBook {
  private readonly cache = new Map<string, ChainReference | null>();
  private readonly nodeDifficulty: NodeDifficulty | undefined;

  constructor(nodeDifficulty?: NodeDifficulty) {
    this.nodeDifficulty = nodeDifficulty;
  }

  /**
   * The reference for a moment up to `endMs` (rounded down to 10 minutes), or null when the
   * coin has no sample in the week before (a pool's first samples: the chain ceiling and the
   * jump gate are all there is then).
   */
  async at(client: pg.PoolClient, coin: string, endMs: number): Promise<ChainReference | null> {
    const window = endMs - (endMs % REFRESH_MS);
    const key = `${coin}|${window}`;
    let reference = this.cache.get(key);
    if (reference === undefined) {
      reference = await weekOfSamples(client, coin, window);
      this.cache.set(key, reference);
      // The oldest entry goes first (a Map keeps insertion order).
      if (this.cache.size > CACHED) this.cache.delete(this.cache.keys().next().value!);
    }
    const node = this.nodeDifficulty?.(coin);
    if (!reference || node === undefined || !(node > 0)) return reference;
    return { difficulty: node, reward: reference.reward, basis: `the ${coin} node’s difficulty ${node}` };
  }
}

async function weekOfSamples(client: pg.PoolClient, coin: string, end: number): Promise<ChainReference | null> {
  const start = end - REFERENCE_WINDOW_MS;
  // The samples of the week and the one in force when it began.
  const rows = await client.query<{ at: Date; difficulty: number; reward: string }>(
    `select at, difficulty, reward::text as reward from network_samples
     where coin = $1 and at < to_timestamp($3 / 1000.0)
       and at >= coalesce((select max(at) from network_samples where coin = $1 and at <= to_timestamp($2 / 1000.0)),
                          to_timestamp($2 / 1000.0))
     order by at`,
    [coin, start, end],
  );
  const samples = rows.rows.map((row) => ({ at: row.at.getTime(), difficulty: row.difficulty, reward: BigInt(row.reward) }));
  const weights = sampleWeights(samples, start, end);
  const difficulty = weightedMean(weights);
  if (difficulty === null) return null;
  const held = new Set(weights.filter((w) => w.heldMs > 0).map((w) => w.at));
  let reward: bigint | null = null;
  for (const sample of samples) if (held.has(sample.at) && (reward === null || sample.reward < reward)) reward = sample.reward;
  return {
    difficulty,
    reward: reward ?? 0n,
    basis: `the week’s time-weighted difficulty ${difficulty.toPrecision(6)}`,
  };
}
