/**
 * What each mined chain is, in round real-world figures: block time, the order of magnitude
 * of its network hashrate at the start of 2025, its block subsidy then, and its height on
 * 2025-01-01. One table for everything that needs to know a chain: the simulator models its
 * networks from it, and the sample bounds (chain-bounds.ts) are derived from it with wide
 * headroom, so a sample a real node can send always passes and a nonsense one never does.
 *
 * Sources (recorded in docs/decisions/018-chain-data-and-payout-breaker.md): block times and
 * subsidies are each chain's consensus parameters as published in its own repository and
 * documentation (Bitcoin's 600 s and 3.125 BTC after the April 2024 halving, Litecoin's 150 s
 * and 6.25 LTC after August 2023, Dogecoin's fixed 10,000 DOGE a minute, Monero's tail
 * emission of 0.6 XMR, and so on); hashrates and heights are the figures the chains' public
 * explorers showed around 2025-01-01, rounded to one or two significant digits.
 */
import type { MinedTicker } from './coins.ts';

export interface ChainParams {
  blockTimeSeconds: number;
  /** Typical network hashrate in H/s, early 2025. */
  networkHashrate: number;
  /** Block subsidy in coin units, as a decimal string. */
  subsidy: string;
  /** Chain height on `HEIGHT_ANCHOR_MS`. */
  anchorHeight: number;
  /**
   * Fraction of the chain's blocks that merge mining can find at all (1: every block). The
   * simulator finds a merged chain's blocks at this rate, and a merge-mined block's effort
   * counts the parent's work by it (`mergedBlockEffort` in rewards.ts), so 100 % is average luck.
   */
  mergeMinable: number;
}

export const HEIGHT_ANCHOR_MS = Date.UTC(2025, 0, 1);

// [ticker, block time s, network H/s, subsidy, height on 2025-01-01]
const ROWS: ReadonlyArray<readonly [MinedTicker, number, number, string, number]> = [
  ['btc', 600, 8e20, '3.125', 877_250],
  ['bch', 600, 5e18, '3.125', 877_700],
  ['fb', 30, 4e20, '25', 310_000],
  ['ltc', 150, 2e15, '6.25', 2_820_000],
  ['doge', 60, 1.9e15, '10000', 5_530_000],
  ['pep', 60, 1.2e15, '50000', 790_000],
  ['bells', 60, 1e15, '2500', 360_000],
  ['rxd', 300, 2e15, '25000', 310_000],
  ['iron', 60, 2e13, '19.5', 905_000],
  ['alph', 16, 1.5e16, '0.5', 4_400_000],
  ['kas', 1, 1e18, '50', 100_000_000],
  ['sdr', 1, 3e12, '2000', 14_000_000],
  ['xel', 15, 1.5e8, '1.3', 1_050_000],
  ['erg', 120, 2e13, '6', 1_420_000],
  ['kls', 1, 1e13, '30', 38_000_000],
  ['nir', 1, 5e14, '50', 9_000_000],
  ['xna', 60, 1e13, '10000', 740_000],
  ['clore', 60, 2e13, '800', 1_150_000],
  ['nexa', 120, 6e13, '10000000', 560_000],
  ['cfx', 0.5, 5e12, '0.75', 112_000_000],
  ['sal', 120, 1.5e8, '28', 150_000],
  ['xmr', 120, 5e9, '0.6', 3_310_000],
  ['zeph', 120, 6e8, '6.5', 370_000],
  ['rvn', 60, 4e12, '1250', 3_600_000],
  ['octa', 13, 5e11, '2.5', 4_700_000],
  ['etc', 13, 2e14, '2.56', 21_400_000],
  ['ethw', 13, 2e13, '2', 21_200_000],
  ['quai', 5, 2e14, '5', 1_600_000],
  ['xec', 600, 2e17, '1812500', 877_600],
  ['dgb', 15, 4e17, '277', 20_500_000],
];

/**
 * Chains whose blocks merge mining can find only some of. Fractal Bitcoin's cadence mining (its
 * own documentation): of every three blocks one accepts merge-mined (AuxPoW) work and two are
 * left to permissionless mining, so work merge-mined with btc can find one block in three.
 */
const MERGE_MINABLE: Partial<Record<MinedTicker, number>> = { fb: 1 / 3 };

export const CHAIN_PARAMS: Readonly<Record<MinedTicker, ChainParams>> = Object.fromEntries(
  ROWS.map(([ticker, blockTimeSeconds, networkHashrate, subsidy, anchorHeight]) => [
    ticker,
    { blockTimeSeconds, networkHashrate, subsidy, anchorHeight, mergeMinable: MERGE_MINABLE[ticker] ?? 1 },
  ]),
) as Record<MinedTicker, ChainParams>;

/** `mergeMinable` of a chain by its ticker; 1 for a name the table does not hold. */
export function mergeMinableOf(coin: string): number {
  return (CHAIN_PARAMS as Readonly<Record<string, ChainParams | undefined>>)[coin]?.mergeMinable ?? 1;
}

/**
 * Which chain a coin's node is on. `main` holds samples to the real chain's bounds; `test`
 * (regtest, testnet, signet: difficulty at the proof-of-work limit, heights from 0, blocks on
 * demand) only to the structural ones. The API learns it from the coin's node (decision 018).
 */
export type ChainKind = 'main' | 'test';
