/**
 * Payload schemas of the public API, shared by the API (which validates and documents its
 * responses with them) and the site (which parses what it receives with the same schemas).
 *
 * Conventions: snake_case; times are unix seconds (except the compatibility field
 * `last_share`, unix milliseconds, as miners' tools expect); amounts are decimal strings in
 * coin units, exact; hashrates are numbers in H/s.
 */
import { z } from 'zod';

const amount = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe('exact decimal amount in coin units');
const unixSeconds = z.number().int().describe('unix seconds');
const hashrate = z.number().nonnegative().describe('H/s');

export const errorSchema = z.object({
  error: z.string().describe('machine-readable code'),
  message: z.string().describe('human-readable message'),
  line: z.number().int().optional().describe('NDJSON line number (ingest only)'),
  fields: z.record(z.string(), z.string()).optional().describe('validation messages by field'),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

export const ratesSchema = z.object({
  fiat: z.record(z.string(), z.number()).describe('units of each currency per 1 USD; USD is 1'),
  crypto: z.record(z.string(), z.number()).describe('price in USD per upper-case ticker'),
  updated_at: unixSeconds,
});
export type Rates = z.infer<typeof ratesSchema>;

export const profileSchema = z.object({
  authenticated: z.boolean(),
  power_cost: z.number(),
  currency: z.string().nullable(),
});

export const blockSummarySchema = z.object({
  date: unixSeconds,
  height: z.number().int(),
  hash: z.string(),
  reward: amount,
  scheme: z.string(),
  effort: z
    .number()
    .nullable()
    .describe(
      "round effort, 1 = 100 % (average luck); a merge-mined block's round counts by the share of its chain's blocks merge mining can find",
    ),
  status: z.enum(['pending', 'confirmed', 'orphaned']),
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  merged_from: z.string().nullable(),
});

export const poolStatsSchema = z.object({
  ticker: z.string(),
  name: z.string(),
  algorithm: z.string(),
  fee: z.number().describe('fee of the main scheme, a fraction'),
  fee_type: z.string(),
  fees: z.record(z.string(), z.number()).describe('fee per scheme, fractions'),
  schemes: z.array(z.string()),
  hashrate: hashrate.describe('pool hashrate over the last complete 10 minutes'),
  hashrate_6h: hashrate,
  hashrate_24h: hashrate,
  hashrate_by_scheme: z.record(z.string(), hashrate),
  miners: z.number().int(),
  workers: z.number().int(),
  net_hashrate: hashrate,
  net_difficulty: z.number(),
  block_reward: amount,
  height: z.number().int(),
  directMining: z.boolean(),
  effort: z.number().nullable().describe('current PPS+PROP round effort, 1 = 100 %'),
  blocks_24h: z.number().int(),
  last_blocks_found: z.array(blockSummarySchema),
  merged: z.array(z.string()),
  payout: z.object({ schedule: z.enum(['hourly', 'daily']), min: amount, default_threshold: amount }),
  servers: z.object({ urls: z.array(z.string()), ssl_urls: z.array(z.string()) }),
  updated_at: unixSeconds,
  history_filling: z
    .boolean()
    .default(false)
    .describe('true while the pool history is still being filled in after a first start: figures are live, charts short'),
});
export type PoolStats = z.infer<typeof poolStatsSchema>;

export const poolListSchema = z.object({ results: z.array(poolStatsSchema) });

/**
 * Each merge-mined coin's own figures (decision 020): its chain, the blocks the pool found
 * on it and how it is paid. The pools whose shares mine it are `parents`; a coin that also has
 * a pool of its own (fb) has that pool's figures at its own pool-stats path.
 */
export const mergedListSchema = z.object({
  results: z.array(
    z.object({
      ticker: z.string(),
      name: z.string(),
      parents: z.array(z.string()).describe('pools whose shares also mine this coin'),
      fee: z.number().describe('fee on merge-mined rewards, a fraction'),
      min_payout: amount,
      payout_schedule: z.literal('daily'),
      blocks_24h: z.number().int().describe('blocks of this coin the pool found in the last 24 hours, by any of its pools'),
      last_block_found: unixSeconds.nullable(),
      net_hashrate: hashrate,
      net_difficulty: z.number().nonnegative(),
      block_reward: amount,
      height: z.number().int(),
      updated_at: unixSeconds,
    }),
  ),
});
export type MergedList = z.infer<typeof mergedListSchema>;

export { CHART_RANGES, type ChartRange } from './api-constants.ts';
import { CHART_RANGES } from './api-constants.ts';

export const poolChartSchema = z.object({
  range: z.enum(CHART_RANGES),
  step: z.number().int().describe('seconds between points'),
  points: z.array(z.object({ t: unixSeconds, hashrate, miners: z.number().int() })),
});

export const networkChartSchema = z.object({
  range: z.enum(CHART_RANGES),
  step: z.number().int(),
  points: z.array(z.object({ t: unixSeconds, difficulty: z.number(), hashrate, height: z.number().int() })),
});

export const blocksPageSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  results: z.array(
    blockSummarySchema.extend({
      /** The block's chain: the pool's coin, or a merge-mined one (then `merged_from` names the pool's). */
      coin: z.string(),
      finder: z.string(),
      worker: z.string().nullable(),
    }),
  ),
});

export const topMinersSchema = z.object({
  results: z.array(
    z.object({
      rank: z.number().int(),
      address: z.string(),
      hashrate: hashrate.describe('last 24 hours'),
      share: z.number().describe('fraction of the pool hashrate'),
      workers: z.number().int(),
      first_seen: unixSeconds,
    }),
  ),
});

const sharesSchema = z.object({ valid: z.number().int(), stale: z.number().int(), invalid: z.number().int() });

export const minerStatsSchema = z.object({
  coin: z.string(),
  address: z.string(),
  hashrate_10m: hashrate,
  hashrate_6h: hashrate,
  hashrate_24h: hashrate,
  shares_24h: sharesSchema,
  reward_7d: amount,
  reward_30d: amount,
  balance: amount,
  unconfirmed_balance: amount,
  total_paid: amount,
  payout_threshold: amount,
  min_payout: amount,
  workers_online: z.number().int(),
  workers_offline: z.number().int(),
  schemes: z.array(z.string()),
  solo_effort: z.number().nullable().describe('share difficulty since the last solo block / network difficulty'),
  blocks: z.number().int().describe('blocks this miner found'),
  first_seen: unixSeconds,
  last_share: unixSeconds,
  merged: z.array(z.object({ coin: z.string(), balance: amount, unconfirmed_balance: amount, total_paid: amount })),
});
export type MinerStats = z.infer<typeof minerStatsSchema>;

export const minerChartSchema = z.object({
  range: z.enum(CHART_RANGES),
  step: z.number().int(),
  points: z.array(
    z.object({ t: unixSeconds, hashrate, valid: z.number().int(), stale: z.number().int(), invalid: z.number().int() }),
  ),
});

export const workerRowSchema = z.object({
  worker: z.string(),
  scheme: z.string(),
  status: z.enum(['online', 'offline']),
  agent: z.string().nullable(),
  country: z.string().nullable(),
  hashrate_10m: hashrate,
  avg_hashrate_30m: hashrate,
  avg_hashrate_3h: hashrate,
  avg_hashrate_24h: hashrate,
  valid: z.number().int().describe('shares, last 24 hours'),
  stale: z.number().int(),
  invalid: z.number().int(),
  last_share: z.number().int().describe('unix milliseconds'),
  first_share: z.number().int().describe('unix milliseconds'),
  first_share_difficulty: z
    .number()
    .nullable()
    .describe("difficulty of the worker's first share (null: seen before it was kept)"),
  last_share_difficulty: z.number().nullable().describe('difficulty of the latest share: what the vardiff gives the worker now'),
  hashrate_so_far: hashrate
    .nullable()
    .describe(
      'H/s since the first share, the open 10 minutes included; 0 until a second share, null for workers older than a day',
    ),
});
export const workersSchema = z.object({ results: z.array(workerRowSchema) });

export const workerStatsSchema = z.object({
  worker: workerRowSchema,
  range: z.enum(CHART_RANGES),
  step: z.number().int(),
  points: minerChartSchema.shape.points,
});

export const payoutsSchema = z.object({
  results: z.array(
    z.object({
      date: unixSeconds,
      amount,
      received: amount,
      status: z.enum(['Paid', 'Unpaid']),
      txid: z.string().nullable(),
      /** Of its transaction, on a coin whose chain the pool follows (0: in the mempool); null elsewhere. */
      confirmations: z.number().int().nullable(),
    }),
  ),
  next: z.string().nullable().describe('cursor for the next page, or null'),
});

/**
 * Every payout of a miner, its pool's coin and the coins merge-mined with it (doge, pep and bells
 * beside ltc; fb beside btc), newest first and paged both ways: `older` and `newer` are cursors
 * for the pages on either side (null at an end). `totals` hold each coin's total paid, the
 * balance's paid figure, which is the sum of every payout of that coin. The compatibility path
 * (`payoutsSchema`) keeps only the pool's own coin.
 */
export const minerPayoutsSchema = z.object({
  coins: z.array(z.string()).describe('the pool coin first, then its merge-mined coins'),
  coin: z.string().nullable().describe('the coin the list is filtered to, or null for every coin'),
  totals: z.array(z.object({ coin: z.string(), total_paid: amount, payouts: z.number().int() })),
  results: z.array(
    payoutsSchema.shape.results.element.extend({
      coin: z.string(),
      id: z.string().describe('the payout’s cursor'),
    }),
  ),
  older: z.string().nullable().describe('cursor (`before`) of the next older page, or null'),
  newer: z.string().nullable().describe('cursor (`after`) of the next newer page, or null'),
});
export type MinerPayouts = z.infer<typeof minerPayoutsSchema>;

export const balanceSchema = z.object({ balance: amount, unconfirmed_balance: amount, total_paid: amount });

export const dailyRevenueSchema = z.object({
  coin: z.string(),
  hashrate,
  revenue: amount.describe('coin units per day the pool pays for this hashrate (PPS+, after fee)'),
  revenue_usd: z.number().nullable(),
});

export const rewardsSchema = z.object({
  results: z.array(z.object({ date: unixSeconds, amount, blocks: z.number().int() })),
});

export const settingsSchema = z.object({
  payout_threshold: amount,
  min_payout: amount,
  // Public like the stats: whether an e-mail is stored, never any part of it (decision 028).
  email_set: z.boolean().describe('an e-mail address is stored for alerts (the address itself is never shown)'),
  notify_offline: z.boolean(),
  notify_payouts: z.boolean(),
  // Notifications (decision 012): nothing is sent to a new e-mail before its link is followed.
  email_confirmed: z.boolean(),
  offline_after_min: z.number().int(),
  hashrate_drop_pct: z.number().int().nullable(),
  // The settings page asks here, not the whole miner dashboard, whether the form is on.
  active: z.boolean().describe('the pool has seen a share from this address; only then can settings change'),
});

export const settingsChangeSchema = z.object({
  ip: z.string().max(64).describe('IPv4 address of a worker that sent shares in the last 24 hours'),
  payout_threshold: z.string().max(64).optional(),
  email: z.string().max(254).optional(),
  notify_offline: z.boolean().optional(),
  notify_payouts: z.boolean().optional(),
  // Notifications (decision 012): the locale mails are written in, the offline delay, the
  // optional hashrate-drop alert (null turns it off).
  locale: z.string().max(8).optional(),
  offline_after_min: z.number().int().min(5).max(60).optional(),
  hashrate_drop_pct: z.number().int().min(10).max(95).nullable().optional(),
});

export const settingsAppliedSchema = z.object({ message: z.string(), settings: settingsSchema });

/** What is watched for a miner (decision 012): shown on the stats page, with the bot's deep link. */
export const minerAlertsSchema = z.object({
  email: z
    .object({
      confirmed: z.boolean(),
      offline: z.boolean(),
      payouts: z.boolean(),
      offline_after_min: z.number().int(),
      hashrate_drop_pct: z.number().int().nullable(),
    })
    .nullable(),
  telegram_chats: z.number().int().describe('chats following this miner'),
  telegram_bot: z.string().nullable().describe('the bot’s @username when the pool runs one'),
  telegram_link: z.string().nullable().describe('t.me deep link that follows this miner at once'),
});
export type MinerAlerts = z.infer<typeof minerAlertsSchema>;

/**
 * A mail's confirm or unsubscribe link (decision 012, the pages behind the links): `GET
 * /api/v1/notify/{purpose}/state` says what it is about, for the site's page; `POST
 * /api/v1/notify/{purpose}` acts and says the same. The token, a bearer secret, is the query's.
 */
export const NOTIFY_PURPOSES = ['confirm', 'unsubscribe'] as const;
export type NotifyPurpose = (typeof NOTIFY_PURPOSES)[number];
export const notifyLinkSchema = z.object({
  purpose: z.enum(NOTIFY_PURPOSES),
  coin: z.string(),
  address: z.string(),
  recipient: z.string().nullable().describe('the e-mail the link was sent to; null once an unsubscribe link was used'),
  locale: z.string().describe('the language the subscription was saved in'),
  confirmed: z.boolean(),
  used: z.boolean().describe('an unsubscribe link already followed: nothing is left to do'),
});
export type NotifyLink = z.infer<typeof notifyLinkSchema>;

/** `GET /api/v1/limits`: the public API's quotas per client (decision 023), for the site's API page. */
export const apiLimitsSchema = z.object({
  policies: z.array(
    z.object({
      name: z.string().describe('the name in the RateLimit fields'),
      quota: z.number().int().describe('requests a client may make in one window'),
      window_seconds: z.number().int(),
      applies_to: z.enum(['all', 'export']).describe('every public call, or exports only (on top)'),
    }),
  ),
  client: z.string().describe('what one client is: an IPv4 address or an IPv6 /64'),
  cache_seconds: z.object({ pool: z.number().int(), miner: z.number().int(), rates: z.number().int() }),
});
export type ApiLimits = z.infer<typeof apiLimitsSchema>;

/** Watcher links (decision 023): the owner's requests carry the same proof as settings. */
export const WATCHER_LABEL_MAX = 64;
export const WATCHER_EXPIRY_DAYS = [1, 7, 30, 90, 365] as const;
export const watcherProofSchema = z.object({
  ip: z.string().max(64).describe('IPv4 address of a worker that sent shares in the last 24 hours'),
});
export const watcherCreateSchema = watcherProofSchema.extend({
  label: z
    .string()
    .trim()
    .min(1)
    .max(WATCHER_LABEL_MAX)
    // PostgreSQL's text cannot hold NUL; every other character is kept as sent.
    .refine((label) => !label.includes('\u0000'), 'no NUL character (U+0000)')
    .describe('who the link is for, e.g. "accountant"'),
  expires_days: z
    .number()
    .int()
    .refine((days) => (WATCHER_EXPIRY_DAYS as readonly number[]).includes(days), 'one of 1, 7, 30, 90, 365')
    .describe('days until the link stops working'),
});
export const watcherRevokeSchema = watcherProofSchema.extend({ id: z.number().int().positive() });
export const watcherLinkSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  created_at: z.number().int().describe('unix seconds'),
  expires_at: z.number().int().describe('unix seconds'),
  revoked: z.boolean(),
});
export const watcherCreatedSchema = z.object({
  link: watcherLinkSchema,
  token: z.string().describe('shown this once: the link is {site}/watch/{token}'),
});
export const watcherListSchema = z.object({ links: z.array(watcherLinkSchema) });
export const watchTargetSchema = z.object({
  coin: z.string(),
  address: z.string(),
  label: z.string(),
  expires_at: z.number().int().describe('unix seconds'),
});
export type WatchTarget = z.infer<typeof watchTargetSchema>;
