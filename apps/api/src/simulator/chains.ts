/**
 * Chain parameters the simulator models, per mined coin: block time, the order of magnitude
 * of the network's hashrate (early 2025), the block subsidy and a height anchor. The numbers
 * are rounded real-world values: close enough that a miner looking at the site believes them,
 * not a source of truth for anything else.
 */
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
   * Fraction of a merge-mined child's blocks that merge mining can find at all: Fractal's
   * cadence mining leaves two blocks in three to permissionless mining.
   */
  mergeMinable: number;
}

export const HEIGHT_ANCHOR_MS = Date.UTC(2025, 0, 1);

const SECOND = 1000;

// [ticker, block time s, network H/s, subsidy, height at anchor, pool share]
// Fast chains (one-second blocks) get a smaller pool share so a week stays a bounded number
// of block events (design budget: under ~60k for all coins).
const ROWS: ReadonlyArray<readonly [MinedTicker, number, number, string, number, number]> = [
  ['btc', 600, 8e20, '3.125', 877_250, 0.005],
  ['bch', 600, 5e18, '3.125', 877_700, 0.02],
  ['fb', 30, 4e20, '25', 310_000, 0.006],
  ['ltc', 150, 2e15, '6.25', 2_820_000, 0.015],
  ['doge', 60, 1.9e15, '10000', 5_530_000, 0],
  ['pep', 60, 1.2e15, '50000', 790_000, 0],
  ['bells', 60, 1e15, '2500', 360_000, 0],
  ['rxd', 300, 2e15, '25000', 310_000, 0.025],
  ['iron', 60, 2e13, '19.5', 905_000, 0.02],
  ['alph', 16, 1.5e16, '0.5', 4_400_000, 0.012],
  ['kas', 1, 1e18, '50', 100_000_000, 0.008],
  ['sdr', 1, 3e12, '2000', 14_000_000, 0.007],
  ['xel', 15, 1.5e8, '1.3', 1_050_000, 0.015],
  ['erg', 120, 2e13, '6', 1_420_000, 0.02],
  ['kls', 1, 1e13, '30', 38_000_000, 0.007],
  ['nir', 1, 5e14, '50', 9_000_000, 0.006],
  ['xna', 60, 1e13, '10000', 740_000, 0.025],
  ['clore', 60, 2e13, '800', 1_150_000, 0.02],
  ['nexa', 120, 6e13, '10000000', 560_000, 0.02],
  ['cfx', 0.5, 5e12, '0.75', 112_000_000, 0.004],
  ['sal', 120, 1.5e8, '28', 150_000, 0.025],
  ['xmr', 120, 5e9, '0.6', 3_310_000, 0.01],
  ['zeph', 120, 6e8, '6.5', 370_000, 0.02],
  ['rvn', 60, 4e12, '1250', 3_600_000, 0.015],
  ['octa', 13, 5e11, '2.5', 4_700_000, 0.02],
  ['etc', 13, 2e14, '2.56', 21_400_000, 0.012],
  ['ethw', 13, 2e13, '2', 21_200_000, 0.015],
  ['quai', 5, 2e14, '5', 1_600_000, 0.01],
  ['xec', 600, 2e17, '1812500', 877_600, 0.02],
  ['dgb', 15, 4e17, '277', 20_500_000, 0.01],
];

export const CHAINS: Readonly<Record<MinedTicker, Chain>> = Object.fromEntries(
  ROWS.map(([ticker, blockTimeSeconds, networkHashrate, subsidy, anchorHeight, poolShare]) => [
    ticker,
    {
      blockTimeMs: blockTimeSeconds * SECOND,
      networkHashrate,
      subsidy,
      anchorHeight,
      poolShare,
      mergeMinable: ticker === 'fb' ? 1 / 3 : 1,
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
