/**
 * Ingest events: what stratum servers (and the demo's simulator) send to
 * `POST /internal/v1/events?source=...`, one JSON object per line (NDJSON).
 *
 * Every event carries `seq`, a positive integer that grows within its source, like a
 * consumer offset: the engine records the highest `seq` it committed per source and skips
 * anything at or below it, so a replayed batch (or a replayed part of one) changes nothing.
 * Times are unix milliseconds; amounts are integers in the coin's smallest unit, as strings.
 */
import { z } from 'zod';
import { COIN_TICKERS, MINED_TICKERS } from './coins.ts';
import { isWellFormedAddress, isWellFormedWorker, REWARD_SCHEMES } from './address.ts';
import {
  MAX_ANY_DIFFICULTY,
  MAX_CONFIRMATIONS,
  MAX_HEIGHT,
  MAX_NETWORK_HASHRATE,
  maxDifficulty,
  maxRewardUnits,
  minShareDifficulty,
} from './chain-bounds.ts';

export { MINED_TICKERS, type MinedTicker } from './coins.ts';

const seq = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Events older than this or in the future beyond a small clock skew are refused. */
const at = z
  .number()
  .int()
  .min(Date.UTC(2009, 0, 3));
const coin = z.enum(COIN_TICKERS);
const minedCoin = z.enum(MINED_TICKERS);
const scheme = z.enum(REWARD_SCHEMES);
const UNITS = /^(0|[1-9][0-9]{0,29})$/;
const units = z.string().regex(UNITS, 'an integer amount in smallest units, as a string');
const height = z.number().int().nonnegative().max(MAX_HEIGHT);
// Every numeric field is bounded by what a real chain can produce (chain-bounds.ts); the
// per-coin bounds are checked below, where the coin is known.
const difficulty = z.number().positive().max(MAX_ANY_DIFFICULTY);

const isUnits = (value: unknown): value is string => typeof value === 'string' && UNITS.test(value);
type Issue = { code: 'custom'; message: string; path: string[]; input: unknown };
function checkDifficulty(value: { coin: string; difficulty: number }, issues: { push(issue: Issue): void }): void {
  const max = maxDifficulty(value.coin);
  const min = minShareDifficulty(value.coin);
  // Checks run even when a field failed its own schema: only a well-formed value is compared.
  if (typeof value.difficulty === 'number' && value.difficulty > max)
    issues.push({
      code: 'custom',
      path: ['difficulty'],
      input: value.difficulty,
      message: `above what ${value.coin} can ask for (at most ${max})`,
    });
  else if (typeof value.difficulty === 'number' && value.difficulty < min)
    issues.push({
      code: 'custom',
      path: ['difficulty'],
      input: value.difficulty,
      message: `below one hash of ${value.coin} (at least ${min})`,
    });
}
/** A share's reached difficulty: the coin's bounds, and for a valid share at least its target. */
function checkActualDifficulty(
  value: { coin: string; difficulty: number; status: string; actual_difficulty?: number | undefined },
  issues: { push(issue: Issue): void },
): void {
  const actual = value.actual_difficulty;
  if (typeof actual !== 'number') return;
  const message =
    actual > maxDifficulty(value.coin)
      ? `above what ${value.coin} can ask for (at most ${maxDifficulty(value.coin)})`
      : actual < minShareDifficulty(value.coin)
        ? `below one hash of ${value.coin} (at least ${minShareDifficulty(value.coin)})`
        : value.status === 'valid' && typeof value.difficulty === 'number' && actual < value.difficulty
          ? 'below the share’s own difficulty: not a valid share'
          : null;
  if (message) issues.push({ code: 'custom', path: ['actual_difficulty'], input: actual, message });
}
function checkReward(coin: string, field: string, amount: string, issues: { push(issue: Issue): void }): void {
  const max = maxRewardUnits(coin);
  if (isUnits(amount) && BigInt(amount) > max)
    issues.push({
      code: 'custom',
      path: [field],
      input: amount,
      message: `above what a block of ${coin} can pay (at most ${max} smallest units)`,
    });
}
const address = z.string().refine(isWellFormedAddress, 'not a well-formed address');
const worker = z.string().refine(isWellFormedWorker, 'not a well-formed worker name');
// Lower-cased before anything dedupes or looks up by it (decision 029): every chain here
// prints its block hashes in hex, where case means nothing, and the same block reported in
// upper case was credited a second time.
const hash = z
  .string()
  .regex(/^[0-9A-Za-z]{1,128}$/, 'not a block hash')
  .toLowerCase();
const ipv4 = z
  .string()
  .regex(/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/, 'not an IPv4 address');

export const shareEventSchema = z
  .strictObject({
    type: z.literal('share'),
    seq,
    coin,
    address,
    worker,
    scheme,
    difficulty,
    status: z.enum(['valid', 'stale', 'invalid']),
    ip: ipv4,
    at,
    /** Miner software as the stratum server saw it (`mining.subscribe`), e.g. `lolMiner/1.92`. */
    agent: z.string().max(64).optional(),
    /** ISO 3166 alpha-2 country of the connection, when the stratum server knows it. */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    /**
     * The difficulty the share's hash actually reached (best shares, decision 023): at least
     * `difficulty` for a valid share, within the coin's share bounds. Optional: stratum servers
     * that do not compute it leave it out.
     */
    actual_difficulty: difficulty.optional(),
    /** H/s the miner last reported itself (`mining.hashrate`, `eth_submitHashrate`), when it does (decision 023). */
    reported_hashrate: z.number().nonnegative().max(MAX_NETWORK_HASHRATE).optional(),
  })
  .check((ctx) => {
    checkDifficulty(ctx.value, ctx.issues);
    checkActualDifficulty(ctx.value, ctx.issues);
  });

export const blockEventSchema = z
  .strictObject({
    type: z.literal('block'),
    seq,
    coin: minedCoin,
    height,
    hash,
    finder: address,
    worker: worker.optional(),
    scheme,
    /** Whole block reward: subsidy plus transaction fees. */
    reward: units,
    /** The transaction-fee part of `reward` (PPS+ shares it PROP-style). */
    fees: units,
    /** For a merge-mined block: the parent coin whose miners' work found it (ltc for doge). */
    merged_from: coin.optional(),
    at,
  })
  .check((ctx) => {
    checkReward(ctx.value.coin, 'reward', ctx.value.reward, ctx.issues);
    const { fees, reward } = ctx.value;
    if (isUnits(fees) && isUnits(reward) && BigInt(fees) > BigInt(reward))
      ctx.issues.push({ code: 'custom', path: ['fees'], input: ctx.value.fees, message: 'more than the whole reward' });
  });

export const blockStatusEventSchema = z.strictObject({
  type: z.literal('block_status'),
  seq,
  coin: minedCoin,
  hash,
  confirmations: z.number().int().nonnegative().max(MAX_CONFIRMATIONS),
  orphaned: z.boolean(),
  at,
});

export const networkEventSchema = z
  .strictObject({
    type: z.literal('network'),
    seq,
    coin: minedCoin,
    difficulty,
    hashrate: z.number().nonnegative().max(MAX_NETWORK_HASHRATE),
    height,
    /** Block subsidy in smallest units at this height. */
    reward: units,
    at,
  })
  .check((ctx) => {
    checkDifficulty(ctx.value, ctx.issues);
    checkReward(ctx.value.coin, 'reward', ctx.value.reward, ctx.issues);
  });

export const ingestEventSchema = z.discriminatedUnion('type', [
  shareEventSchema,
  blockEventSchema,
  blockStatusEventSchema,
  networkEventSchema,
]);

export type ShareEvent = z.infer<typeof shareEventSchema>;
export type BlockEvent = z.infer<typeof blockEventSchema>;
export type BlockStatusEvent = z.infer<typeof blockStatusEventSchema>;
export type NetworkEvent = z.infer<typeof networkEventSchema>;
export type IngestEvent = z.infer<typeof ingestEventSchema>;

export const SOURCE_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** One event per line, with a trailing newline: the body of an ingest request. */
export function toNdjson(events: readonly IngestEvent[]): string {
  let out = '';
  for (const event of events) out += JSON.stringify(event) + '\n';
  return out;
}

const SHARE_KEYS = new Set([
  'type',
  'seq',
  'coin',
  'address',
  'worker',
  'scheme',
  'difficulty',
  'status',
  'ip',
  'at',
  'agent',
  'country',
  'actual_difficulty',
  'reported_hashrate',
]);
const COIN_SET: ReadonlySet<string> = new Set(COIN_TICKERS);
const SCHEME_SET: ReadonlySet<string> = new Set(REWARD_SCHEMES);
const STATUS_SET: ReadonlySet<string> = new Set(['valid', 'stale', 'invalid']);
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const MIN_AT = Date.UTC(2009, 0, 3);

/**
 * The hot path of ingest: a share checked by hand, about ten times faster than the schema.
 * It accepts only what `shareEventSchema` accepts (a test holds it to that); anything it
 * refuses goes through the schema, which gives the precise message.
 */
export function isPlainValidShare(value: unknown): value is ShareEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  for (const key in v) if (!SHARE_KEYS.has(key)) return false;
  const { seq: s, difficulty: d, at: t, agent: a, country: c, actual_difficulty: x, reported_hashrate: r } = v;
  return (
    v.type === 'share' &&
    typeof s === 'number' &&
    Number.isSafeInteger(s) &&
    s > 0 &&
    typeof v.coin === 'string' &&
    COIN_SET.has(v.coin) &&
    typeof v.address === 'string' &&
    isWellFormedAddress(v.address) &&
    typeof v.worker === 'string' &&
    isWellFormedWorker(v.worker) &&
    typeof v.scheme === 'string' &&
    SCHEME_SET.has(v.scheme) &&
    typeof d === 'number' &&
    Number.isFinite(d) &&
    d >= minShareDifficulty(v.coin) &&
    d <= maxDifficulty(v.coin) &&
    typeof v.status === 'string' &&
    STATUS_SET.has(v.status) &&
    typeof v.ip === 'string' &&
    IPV4.test(v.ip) &&
    typeof t === 'number' &&
    Number.isSafeInteger(t) &&
    t >= MIN_AT &&
    (a === undefined || (typeof a === 'string' && a.length <= 64)) &&
    (c === undefined || (typeof c === 'string' && /^[A-Z]{2}$/.test(c))) &&
    (x === undefined ||
      (typeof x === 'number' &&
        Number.isFinite(x) &&
        x >= minShareDifficulty(v.coin) &&
        x <= maxDifficulty(v.coin) &&
        (v.status !== 'valid' || x >= d))) &&
    (r === undefined || (typeof r === 'number' && Number.isFinite(r) && r >= 0 && r <= MAX_NETWORK_HASHRATE))
  );
}
