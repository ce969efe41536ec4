/**
 * Pool stats as the site uses them: the API's payload (`poolStatsSchema`, shared with the
 * API), read leniently where the spec says so (fee and fee_type may arrive as lists: only
 * the first element counts), and the defaults a card falls back to when the call fails.
 */
import { poolStatsSchema, type PoolStats } from '@openpool/domain/api';

export interface PoolSummary {
  ticker: string;
  /** Upper-case ticker unless the API names the pool otherwise. */
  name: string;
  /** Null when the call failed: the page shows the defaults and says figures are unavailable. */
  stats: PoolStats | null;
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** The figures a home-page card shows: all the home page sends to the browser, not the whole payload. */
export type CardStats = Pick<
  PoolStats,
  'algorithm' | 'hashrate' | 'miners' | 'net_hashrate' | 'fees' | 'fee' | 'schemes' | 'net_difficulty' | 'block_reward'
>;

export interface CardSummary extends Omit<PoolSummary, 'stats'> {
  stats: CardStats | null;
}

export function cardSummary({ ticker, name, stats }: PoolSummary): CardSummary {
  if (!stats) return { ticker, name, stats: null };
  const { algorithm, hashrate, miners, net_hashrate, fees, fee, schemes, net_difficulty, block_reward } = stats;
  return {
    ticker,
    name,
    stats: { algorithm, hashrate, miners, net_hashrate, fees, fee, schemes, net_difficulty, block_reward },
  };
}

export function parsePoolStats(body: unknown): PoolStats {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return poolStatsSchema.parse({ ...raw, fee: firstOf(raw.fee), fee_type: firstOf(raw.fee_type) });
}

export function poolDefaults(ticker: string): PoolSummary {
  return { ticker, name: ticker.toUpperCase(), stats: null };
}
