/**
 * The chains the simulator models: each chain's real parameters (block time, hashrate, subsidy,
 * height anchor) from `@openpool/domain/chain-params`, the same figures ingest's sample bounds
 * come from, plus the pool's share of each network here.
 */
import { CHAIN_PARAMS, HEIGHT_ANCHOR_MS } from '@openpool/domain/chain-params';
import { COINS, isCoinTicker } from '@openpool/domain/coins';
import type { MinedTicker } from '@openpool/domain/events';

export interface Chain {
  blockTimeMs: number;
  /** Typical network hashrate in H/s; the simulated one drifts around it. */
  networkHashrate: number;
  /** Block subsidy in coin units, as a decimal string (converted with the pool's unit decimals). */
  subsidy: string;
  /** Chain height at `HEIGHT_ANCHOR_MS`; height grows by one every block time from there. */
  anchorHeight: number;
  /** The pool's share of the network for coins it runs a pool for (0.5 to 3 %). */
  poolShare: number;
  /**
   * Fraction of a merge-mined child's blocks that merge mining can find at all (the chain's
   * `mergeMinable` in `@openpool/domain/chain-params`: Fractal's cadence mining leaves two blocks
   * in three to permissionless mining).
   */
  mergeMinable: number;
}

export { HEIGHT_ANCHOR_MS } from '@openpool/domain/chain-params';

const SECOND = 1000;

// The pool's share of each network (the chains themselves: @openpool/domain/chain-params).
// Fast chains (one-second blocks) get a smaller pool share so a week stays a bounded number
// of block events (design budget: under ~60k for all coins).
const POOL_SHARE: Readonly<Record<MinedTicker, number>> = {
  btc: 0.005,
  bch: 0.02,
  fb: 0.006,
  ltc: 0.015,
  doge: 0,
  pep: 0,
  bells: 0,
  rxd: 0.025,
  iron: 0.02,
  alph: 0.012,
  kas: 0.008,
  sdr: 0.007,
  xel: 0.015,
  erg: 0.02,
  kls: 0.007,
  nir: 0.006,
  xna: 0.025,
  clore: 0.02,
  nexa: 0.02,
  cfx: 0.004,
  sal: 0.025,
  xmr: 0.01,
  zeph: 0.02,
  rvn: 0.015,
  octa: 0.02,
  etc: 0.012,
  ethw: 0.015,
  quai: 0.01,
  xec: 0.02,
  dgb: 0.01,
};

export const CHAINS: Readonly<Record<MinedTicker, Chain>> = Object.fromEntries(
  Object.entries(CHAIN_PARAMS).map(([ticker, params]) => [
    ticker,
    {
      blockTimeMs: params.blockTimeSeconds * SECOND,
      networkHashrate: params.networkHashrate,
      subsidy: params.subsidy,
      anchorHeight: params.anchorHeight,
      poolShare: POOL_SHARE[ticker as MinedTicker],
      mergeMinable: params.mergeMinable,
    },
  ]),
) as Record<MinedTicker, Chain>;

/** Merge-mined auxiliary chains share their parent's algorithm (doge, pep, bells: scrypt). */
export function algorithmOf(coin: MinedTicker): string {
  return isCoinTicker(coin) ? COINS[coin].algorithm : 'scrypt';
}

/** Index of the block interval `timeMs` falls in, counted from the anchor. */
export function blockIndexAt(chain: Chain, timeMs: number): number {
  return Math.floor((timeMs - HEIGHT_ANCHOR_MS) / chain.blockTimeMs);
}

export function heightAt(chain: Chain, timeMs: number): number {
  return chain.anchorHeight + blockIndexAt(chain, timeMs);
}

/** When the block interval with this index starts. */
export function blockIndexStart(chain: Chain, index: number): number {
  return HEIGHT_ANCHOR_MS + index * chain.blockTimeMs;
}
