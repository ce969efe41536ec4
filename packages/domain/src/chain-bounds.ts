/**
 * What a real chain can produce, per mined coin, with wide headroom: the bounds ingest holds
 * every event to (decision 008). A stratum server that sends more than this is
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
import { CHAIN_PARAMS, type ChainKind } from './chain-params.ts';
import type { MinedTicker } from './coins.ts';
import { hashesPerDifficulty } from './mining.ts';

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

/** A share stands for at least one hash: below that a difficulty is a float's noise (5e-324). */
export function minShareDifficulty(coin: string): number {
  const algorithm = isCoinTicker(coin) ? COINS[coin].algorithm : 'scrypt';
  return 1 / hashesPerDifficulty(algorithm);
}

/** `'6.25'` at 8 decimals: 625000000n (the table's figures have at most as many decimals as the unit). */
function coinsToUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/**
 * Headroom of the bounds a real chain's sample must fall in (decision 018). Lower bounds: a
 * chain whose difficulty or hashrate fell 10,000 times below its 2025 level has lost all its
 * miners; heights only grow, and half the 2025 height leaves room for any explorer's count;
 * a subsidy 256 times below 2025's is eight halvings away (decades on every chain here).
 * Upper bounds: a subsidy never grows, four times leaves room for our rounding.
 */
const FLOOR_FACTOR = 1e-4;
const SUBSIDY_FLOOR_DIVISOR = 256n;
const SUBSIDY_CEILING_FACTOR = 4n;

export interface SampleBounds {
  difficulty: readonly [number, number];
  hashrate: readonly [number, number];
  height: readonly [number, number];
  /** Block subsidy in smallest units. */
  reward: readonly [bigint, bigint];
}

/**
 * The chain's block subsidy of early 2025 (chain-params.ts), smallest units. Subsidies only
 * fall, so a real chain's subsidy now is at most this.
 */
export function subsidyUnits(coin: MinedTicker): bigint {
  return coinsToUnits(CHAIN_PARAMS[coin].subsidy, UNIT_DECIMALS.get(coin) ?? 8);
}

/** What a network sample of `coin` must fall in, on its real chain or on a test chain. */
export function networkSampleBounds(coin: MinedTicker, kind: ChainKind): SampleBounds {
  const params = CHAIN_PARAMS[coin];
  if (kind === 'test')
    return {
      difficulty: [minShareDifficulty(coin), maxDifficulty(coin)],
      hashrate: [0, MAX_NETWORK_HASHRATE],
      height: [0, MAX_HEIGHT],
      reward: [0n, maxRewardUnits(coin)],
    };
  const algorithm = isCoinTicker(coin) ? COINS[coin].algorithm : 'scrypt';
  const difficulty = (params.networkHashrate * params.blockTimeSeconds) / hashesPerDifficulty(algorithm);
  const subsidy = subsidyUnits(coin);
  return {
    difficulty: [difficulty * FLOOR_FACTOR, maxDifficulty(coin)],
    hashrate: [params.networkHashrate * FLOOR_FACTOR, MAX_NETWORK_HASHRATE],
    height: [Math.floor(params.anchorHeight / 2), MAX_HEIGHT],
    reward: [subsidy / SUBSIDY_FLOOR_DIVISOR, subsidy * SUBSIDY_CEILING_FACTOR],
  };
}

export interface SampleFigures {
  difficulty: number;
  hashrate: number;
  height: number;
  /** Smallest units, as events carry it. */
  reward: string;
}

/** The first bound `sample` breaks, in words for a 400, or null when it is a sample the chain can send. */
export function sampleOutOfBounds(coin: MinedTicker, kind: ChainKind, sample: SampleFigures): string | null {
  const bounds = networkSampleBounds(coin, kind);
  const outside = (field: string, value: number | bigint, [low, high]: readonly [number | bigint, number | bigint]) =>
    value < low || value > high ? `${field} ${value} is outside what ${coin}'s ${kind} chain can show (${low} to ${high})` : null;
  return (
    outside('difficulty', sample.difficulty, bounds.difficulty) ??
    outside('hashrate', sample.hashrate, bounds.hashrate) ??
    outside('height', sample.height, bounds.height) ??
    outside('reward', BigInt(sample.reward), bounds.reward)
  );
}

/**
 * Between two consecutive samples of one chain (decision 018): Bitcoin's retarget moves
 * difficulty at most 4x, per-block adjustments a few per cent a block; a subsidy only falls,
 * at most by half (a halving); a reorg deeper than 100 blocks is a different chain; node
 * hashrate estimates are noisy, so only 10x counts. A jump past these is held until the chain
 * confirms it.
 */
export const JUMP = { difficulty: 4, hashrate: 10, rewardDown: 0.4, rewardUp: 1.25, reorg: 100, heightSlack: 1000 } as const;

export interface TimedSample extends SampleFigures {
  at: number;
}

/** Why `next` is implausible right after `last`, or null when it follows from it. */
export function implausibleJump(coin: MinedTicker, last: TimedSample, next: TimedSample): string | null {
  const ratio = next.difficulty / last.difficulty;
  if (ratio > JUMP.difficulty || ratio < 1 / JUMP.difficulty)
    return `difficulty jumped from ${last.difficulty} to ${next.difficulty}`;
  const lastReward = Number(last.reward);
  const nextReward = Number(next.reward);
  if (nextReward > lastReward * JUMP.rewardUp || nextReward < lastReward * JUMP.rewardDown)
    return `reward jumped from ${last.reward} to ${next.reward}`;
  if (last.hashrate > 0 && next.hashrate > 0) {
    const hashrateRatio = next.hashrate / last.hashrate;
    if (hashrateRatio > JUMP.hashrate || hashrateRatio < 1 / JUMP.hashrate)
      return `hashrate jumped from ${last.hashrate} to ${next.hashrate}`;
  }
  const blocks = Math.max(0, next.at - last.at) / 1000 / CHAIN_PARAMS[coin].blockTimeSeconds;
  if (next.height < last.height - JUMP.reorg || next.height > last.height + Math.max(JUMP.heightSlack, 10 * blocks))
    return `height jumped from ${last.height} to ${next.height}`;
  return null;
}

/**
 * A jump is confirmed by time, never by who reports it (decision 029): samples that agree
 * with it for half an hour of the chain's clock, at least three of them. A second ingest
 * source is one more name the same token holder can send under, so it confirms nothing.
 */
export const JUMP_CONFIRMATIONS = { samples: 3, spanMs: 30 * 60_000 } as const;

/**
 * The most the pool can be credited for one hour of `coin`'s work (decision 018): every block
 * the whole chain could find in an hour, three times over for luck, at the highest subsidy a
 * sample may carry. Even a pool with all of the network's hashrate stays below it, whatever
 * the samples say.
 */
export function hourCreditCeiling(coin: MinedTicker, kind: ChainKind): bigint {
  const blocksAnHour = BigInt(Math.ceil((3 * 3600) / CHAIN_PARAMS[coin].blockTimeSeconds));
  return blocksAnHour * networkSampleBounds(coin, kind).reward[1];
}

/** No single payout above a day of that ceiling is sent without the operator's release. */
export function payoutCap(coin: MinedTicker, kind: ChainKind): bigint {
  return 24n * hourCreditCeiling(coin, kind);
}
