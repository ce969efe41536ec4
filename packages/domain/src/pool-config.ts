/**
 * Per-coin pool configuration (`content/pools.json`): what a pool operator edits to set
 * fees, schemes, payouts, confirmations and stratum servers. Validated once at start-up;
 * a bad file names every wrong field path.
 *
 * Amounts in the file are decimal strings in coin units ("0.005"); the resolved config
 * holds them as bigint smallest units (`unit_decimals` per coin), because money is never a float.
 */
import { z } from 'zod';
import { AUX_TICKERS, COINS, COIN_TICKERS, type CoinTicker, type MergedTicker } from './coins.ts';
import { REWARD_SCHEMES, type RewardScheme } from './address.ts';
import type { MinedTicker } from './events.ts';

const decimalAmount = z.string().regex(/^\d{1,30}(\.\d{1,18})?$/, 'a decimal amount such as "0.05"');
const fraction = z.number().min(0).max(0.5);

const payoutSchema = z.strictObject({
  schedule: z.enum(['hourly', 'daily']).optional(),
  /** The coin's minimum payout: a miner's threshold can never be set below it. */
  min: decimalAmount.optional(),
  default_threshold: decimalAmount.optional(),
});

const coinOverrideSchema = z.strictObject({
  unit_decimals: z.number().int().min(0).max(18).optional(),
  schemes: z.array(z.enum(REWARD_SCHEMES)).min(1).optional(),
  fees: z.partialRecord(z.enum(REWARD_SCHEMES), fraction).optional(),
  fee_type: z.string().min(1).max(16).optional(),
  payout: payoutSchema.optional(),
  confirmations: z.number().int().min(1).max(1_000_000).optional(),
  port: z.number().int().min(1).max(65535).optional(),
  ssl_port: z.number().int().min(1).max(65535).optional(),
  direct_mining: z.boolean().optional(),
});

const defaultsSchema = z.strictObject({
  unit_decimals: z.number().int().min(0).max(18),
  schemes: z.array(z.enum(REWARD_SCHEMES)).min(1),
  fees: z.record(z.enum(REWARD_SCHEMES), fraction),
  fee_type: z.string().min(1).max(16),
  payout: z.strictObject({ schedule: z.enum(['hourly', 'daily']), min: decimalAmount, default_threshold: decimalAmount }),
  confirmations: z.number().int().min(1).max(1_000_000),
  direct_mining: z.boolean(),
});

export const poolConfigFileSchema = z.strictObject({
  /** Stratum host names are `{host}-{region}.{domain}`, as miners' tools expect. */
  stratum: z.strictObject({
    domain: z.string().regex(/^[a-z0-9.-]+$/),
    regions: z.array(z.string().regex(/^[a-z]{2,8}$/)).min(1),
  }),
  balance_reset_days: z.number().int().min(1).max(3650),
  defaults: defaultsSchema,
  coins: z.partialRecord(z.enum(COIN_TICKERS), coinOverrideSchema),
  /** Merge-mined children paid alongside their parent (daily, per the spec). */
  merged: z.partialRecord(
    z.enum([...AUX_TICKERS, ...COIN_TICKERS]),
    z.strictObject({
      unit_decimals: z.number().int().min(0).max(18),
      fee: fraction,
      min: decimalAmount,
      confirmations: z.number().int().min(1).max(1_000_000),
    }),
  ),
});

export type PoolConfigFile = z.infer<typeof poolConfigFileSchema>;

export interface CoinPoolConfig {
  coin: CoinTicker;
  unitDecimals: number;
  schemes: readonly RewardScheme[];
  /** Fees as parts per million, so that reward math stays in integers. */
  feePpm: Readonly<Record<RewardScheme, number>>;
  /** Fees as fractions, as the public API shows them. */
  fees: Readonly<Record<RewardScheme, number>>;
  feeType: string;
  payoutSchedule: 'hourly' | 'daily';
  minPayout: bigint;
  defaultThreshold: bigint;
  confirmations: number;
  stratumUrls: string[];
  sslStratumUrls: string[];
  directMining: boolean;
  hashesPerDifficulty: number;
}

export interface MergedPoolConfig {
  coin: MergedTicker;
  unitDecimals: number;
  feePpm: number;
  minPayout: bigint;
  confirmations: number;
}

/**
 * The coins' configs. parsePoolConfig fills one for every ticker of the registry (from the
 * defaults where the file says nothing), so a lookup by a checked ticker always answers; a
 * string that may be no ticker at all may find nothing (before this type, callers needed nine casts).
 */
export interface CoinConfigs extends ReadonlyMap<CoinTicker, CoinPoolConfig> {
  get(coin: CoinTicker): CoinPoolConfig;
  get(coin: string): CoinPoolConfig | undefined;
}

export interface PoolConfig {
  balanceResetDays: number;
  coins: CoinConfigs;
  /** Merged children by ticker, with the parents that mine them. */
  merged: ReadonlyMap<MergedTicker, MergedPoolConfig & { parents: CoinTicker[] }>;
}

export class PoolConfigError extends Error {
  override name = 'PoolConfigError';
}

export { hashesPerDifficulty } from './mining.ts';
import { hashesPerDifficulty } from './mining.ts';

/** "1.5" at 8 decimals is 150000000n. Extra decimals beyond the unit are refused, not rounded. */
export function toUnits(amount: string, unitDecimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) throw new PoolConfigError(`not a decimal amount: ${amount}`);
  const whole = match[1] ?? '0';
  const fractionPart = match[2] ?? '';
  if (fractionPart.length > unitDecimals) throw new PoolConfigError(`${amount} has more than ${unitDecimals} decimals`);
  return BigInt(whole + fractionPart.padEnd(unitDecimals, '0'));
}

/** 150000000n at 8 decimals is "1.5"; always exact, never through a float. */
export function fromUnits(units: bigint, unitDecimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(unitDecimals + 1, '0');
  const whole = digits.slice(0, digits.length - unitDecimals);
  const fractionPart = digits.slice(digits.length - unitDecimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fractionPart ? `.${fractionPart}` : ''}`;
}

const PORT_BASE = 3000;

/** toUnits for an amount of the file: a refused amount names its field, like schema errors do. */
function unitsAt(path: string, amount: string, unitDecimals: number): bigint {
  try {
    return toUnits(amount, unitDecimals);
  } catch (error) {
    throw new PoolConfigError(`Invalid pool config:\n  ${path}: ${(error as Error).message}`);
  }
}

export function parsePoolConfig(input: unknown): PoolConfig {
  const result = poolConfigFileSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new PoolConfigError(`Invalid pool config:\n${problems.join('\n')}`);
  }
  const file = result.data;
  const coins = new Map<CoinTicker, CoinPoolConfig>();
  COIN_TICKERS.forEach((coin, index) => {
    const own = file.coins[coin] ?? {};
    const unitDecimals = own.unit_decimals ?? file.defaults.unit_decimals;
    const fees = { ...file.defaults.fees, ...own.fees } as Record<RewardScheme, number>;
    const payout = { ...file.defaults.payout, ...own.payout };
    const minPayout = unitsAt(`coins.${coin}.payout.min`, payout.min, unitDecimals);
    const defaultThreshold = unitsAt(`coins.${coin}.payout.default_threshold`, payout.default_threshold, unitDecimals);
    if (defaultThreshold < minPayout)
      throw new PoolConfigError(`Invalid pool config:\n  coins.${coin}.payout: default_threshold is below min`);
    const port = own.port ?? PORT_BASE + index * 10;
    const sslPort = own.ssl_port ?? port + 1;
    const host = (region: string) => `${coin}-${region}.${file.stratum.domain}`;
    coins.set(coin, {
      coin,
      unitDecimals,
      schemes: own.schemes ?? file.defaults.schemes,
      fees,
      feePpm: Object.fromEntries(REWARD_SCHEMES.map((s) => [s, Math.round(fees[s] * 1_000_000)])) as Record<RewardScheme, number>,
      feeType: own.fee_type ?? file.defaults.fee_type,
      payoutSchedule: payout.schedule,
      minPayout,
      defaultThreshold,
      confirmations: own.confirmations ?? file.defaults.confirmations,
      stratumUrls: file.stratum.regions.map((region) => `${host(region)}:${port}`),
      sslStratumUrls: file.stratum.regions.map((region) => `${host(region)}:${sslPort}`),
      directMining: own.direct_mining ?? file.defaults.direct_mining,
      hashesPerDifficulty: hashesPerDifficulty(COINS[coin].algorithm),
    });
  });
  const merged = new Map<MergedTicker, MergedPoolConfig & { parents: CoinTicker[] }>();
  for (const parent of COIN_TICKERS) {
    for (const child of COINS[parent].mergedCoins) {
      const own = file.merged[child];
      if (!own) throw new PoolConfigError(`Invalid pool config:\n  merged.${child}: missing (it is merge-mined under ${parent})`);
      const existing = merged.get(child);
      if (existing) {
        existing.parents.push(parent);
        continue;
      }
      merged.set(child, {
        coin: child,
        unitDecimals: own.unit_decimals,
        feePpm: Math.round(own.fee * 1_000_000),
        minPayout: unitsAt(`merged.${child}.min`, own.min, own.unit_decimals),
        confirmations: own.confirmations,
        parents: [parent],
      });
    }
  }
  // Filled for every ticker above: what CoinConfigs promises.
  return { balanceResetDays: file.balance_reset_days, coins: coins as CoinConfigs, merged };
}

/** Decimals of the smallest accounting unit of any coin that can carry a balance. */
export function unitDecimalsOf(config: PoolConfig, coin: MinedTicker): number {
  const own = config.coins.get(coin as CoinTicker);
  if (own) return own.unitDecimals;
  const merged = config.merged.get(coin as MergedTicker);
  if (merged) return merged.unitDecimals;
  throw new PoolConfigError(`no pool config for ${coin}`);
}
