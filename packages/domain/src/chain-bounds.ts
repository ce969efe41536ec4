/**
 * What a real chain can produce, per mined coin, with wide headroom: the bounds ingest holds
 * every event to (issue 17, decision 008). A stratum server that sends more than this is
 * broken or hostile; its batch is refused with 400 naming the line, before anything changes.
 *
 * Difficulty: a share's difficulty is never above what the network asks for a block (a
 * stratum server caps vardiff there), so one bound serves both. The figures are about a
 * thousand times the highest value each algorithm's chains reached by 2026 (btc ~1.5e14;
 * ltc ~1e8; ethash-style chains count hashes, etc ~3e15).
 * Reward: the most a block of that chain can pay (subsidy plus fees) in whole coins, about a
 * hundred times its largest subsidy ever, times the chain's own unit decimals.
 */
import { COINS, isCoinTicker } from './coins.ts';

export const MAX_HEIGHT = 1e12;
/** Quai's 241,920 (two weeks) is the longest maturity here. */
export const MAX_CONFIRMATIONS = 10_000_000;
/** H/s; Bitcoin's network is ~1e21. */
export const MAX_NETWORK_HASHRATE = 1e24;

const MAX_DIFFICULTY_BY_ALGORITHM: Readonly<Record<string, number>> = { sha256d: 1e18, scrypt: 1e13 };
const MAX_DIFFICULTY_OTHER = 1e20;
/** The largest bound of any coin: the schema's structural maximum. */
export const MAX_ANY_DIFFICULTY = MAX_DIFFICULTY_OTHER;

// [ticker, largest block reward in whole coins, the chain's unit decimals]
const REWARD_ROWS: ReadonlyArray<readonly [string, number, number]> = [
  ['btc', 1e4, 8],
  ['bch', 1e4, 8],
  ['fb', 1e4, 8],
  ['ltc', 1e4, 8],
  ['doge', 1e8, 8],
  ['pep', 1e8, 8],
  ['bells', 1e6, 8],
  ['rxd', 1e7, 8],
  ['iron', 1e4, 8],
  ['alph', 1e4, 18],
  ['kas', 1e5, 8],
  ['sdr', 1e6, 8],
  ['xel', 1e4, 8],
  ['erg', 1e4, 9],
  ['kls', 1e5, 8],
  ['nir', 1e5, 8],
  ['xna', 1e7, 8],
  ['clore', 1e6, 8],
  ['nexa', 1e10, 2],
  ['cfx', 1e4, 18],
  ['sal', 1e4, 8],
  ['xmr', 1e4, 12],
  ['zeph', 1e4, 12],
  ['rvn', 1e6, 8],
  ['octa', 1e4, 18],
  ['etc', 1e4, 18],
  ['ethw', 1e4, 18],
  ['quai', 1e4, 18],
  ['xec', 1e10, 2],
  ['dgb', 1e7, 8],
];

const MAX_REWARD_COINS: ReadonlyMap<string, number> = new Map(REWARD_ROWS.map(([ticker, coins]) => [ticker, coins]));

/** Most a block of `coin` can pay, in whole coins (also the highest payout threshold, decision 008). */
export function maxRewardCoins(coin: string): number {
  return MAX_REWARD_COINS.get(coin) ?? 0;
}

const MAX_REWARD_UNITS: ReadonlyMap<string, bigint> = new Map(
  REWARD_ROWS.map(([ticker, coins, decimals]) => [ticker, BigInt(coins) * 10n ** BigInt(decimals)]),
);

/** The largest reward of any coin, in smallest units: the schema's structural maximum. */
export const MAX_ANY_REWARD_UNITS = [...MAX_REWARD_UNITS.values()].reduce((a, b) => (b > a ? b : a), 0n);

// Looked up once per share on ingest's hot path: a table, not a computation.
const MAX_DIFFICULTY: ReadonlyMap<string, number> = new Map(
  REWARD_ROWS.map(([ticker]) => {
    // Merge-mined auxiliary chains (doge, pep, bells) share their parent's algorithm: scrypt.
    const algorithm = isCoinTicker(ticker) ? COINS[ticker].algorithm : 'scrypt';
    return [ticker, MAX_DIFFICULTY_BY_ALGORITHM[algorithm] ?? MAX_DIFFICULTY_OTHER];
  }),
);

/** Highest share or network difficulty a block of `coin` can ask for. */
export function maxDifficulty(coin: string): number {
  return MAX_DIFFICULTY.get(coin) ?? MAX_DIFFICULTY_OTHER;
}

const UNIT_DECIMALS: ReadonlyMap<string, number> = new Map(REWARD_ROWS.map(([ticker, , decimals]) => [ticker, decimals]));

/** The chain's own unit decimals, which the reward bound is counted in (a pool's config must agree). */
export function chainUnitDecimals(coin: string): number | undefined {
  return UNIT_DECIMALS.get(coin);
}

/** Most a block of `coin` can pay, subsidy plus fees, in smallest units. */
export function maxRewardUnits(coin: string): bigint {
  return MAX_REWARD_UNITS.get(coin) ?? 0n;
}
