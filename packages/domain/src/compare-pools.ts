/**
 * Other pools' published terms for `/compare-mining-pools` (decision 011): `content/compare/pools.json`,
 * a dated file naming each row's sources. A figure not confirmed on the pool's own pages is
 * `null` and the page shows it as not confirmed, never a guess (decision 011 lists the schemes
 * that still rest on general knowledge).
 * Parsed at start-up: a bad file stops the web server listing every bad field.
 */
import { z } from 'zod';
import { isCoinTicker, type CoinTicker } from './coins.ts';

/** Scheme names as pools print them; the page shows them as written (they are not translated). */
export const COMPARED_SCHEMES = ['FPPS', 'PPS+', 'PPS', 'PPLNS', 'PROP', 'SOLO'] as const;
/** `choice`: the miner picks a schedule (daily, weekly, monthly) or a threshold in the pool's settings. */
export const PAYOUT_FREQUENCIES = ['hourly', 'daily', 'choice'] as const;
export type PayoutFrequency = (typeof PAYOUT_FREQUENCIES)[number];

const httpsUrl = z.url({ protocol: /^https$/, message: 'must be an https URL' });
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      message: 'is not a calendar date',
    },
  );

const comparedPoolSchema = z
  .object({
    coin: z
      .string()
      .refine(isCoinTicker, { message: 'is not a coin in the registry (packages/domain/src/coins.ts)' })
      .transform((value) => value as CoinTicker),
    pool: z.string().trim().min(1, 'must name the pool').max(60, 'must be at most 60 characters'),
    url: httpsUrl,
    /** The pool's own pages the figures were read from; the first is linked as the row's source. */
    sources: z.array(httpsUrl).min(1, 'must list the page the figures come from'),
    schemes: z
      .array(
        z
          .object({
            name: z.enum(COMPARED_SCHEMES, { message: `must be one of ${COMPARED_SCHEMES.join(', ')}` }),
            /** A fraction (0.025 = 2.5 %); null when not confirmed on the pool's pages. */
            fee: z.number().min(0, 'must be 0 or more').max(0.2, 'must be a fraction (0.04 = 4 %), at most 0.2').nullable(),
          })
          .strict(),
      )
      .min(1, 'must list at least one reward scheme'),
    /** In the coin's own unit, written as a decimal string like content/pools.json. */
    min_payout: z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be a decimal number written as a string, e.g. "0.005"')
      .nullable(),
    payout: z.enum(PAYOUT_FREQUENCIES, { message: `must be one of ${PAYOUT_FREQUENCIES.join(', ')} or null` }).nullable(),
    /** Region codes of the stratum servers (eu, us, asia…); null when not confirmed. */
    regions: z.array(z.string().regex(/^[a-z]{2,8}$/, 'must be a short lowercase region code like "eu"')).nullable(),
    /** Tickers of the merge-mined coins paid out; [] for none, null when not confirmed. */
    merged: z.array(z.string().regex(/^[a-z0-9]{2,10}$/, 'must be a lowercase ticker like "doge"')).nullable(),
  })
  .strict();

export const comparePoolsSchema = z
  .object({
    /** The day the rows were last checked against their sources; shown on the page. */
    as_of: isoDate,
    pools: z.array(comparedPoolSchema),
  })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.pools.forEach((row, index) => {
      const key = `${row.coin}/${row.pool.toLowerCase()}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['pools', index, 'pool'], message: `${row.pool} is listed twice for ${row.coin}` });
      seen.add(key);
    });
  });

export type ComparePools = z.infer<typeof comparePoolsSchema>;
export type ComparedPool = ComparePools['pools'][number];

export class ComparePoolsError extends Error {
  override name = 'ComparePoolsError';
}

/** Validates the parsed file; throws one error naming every bad field (`pools[3].schemes[0].fee: …`). */
export function parseComparePools(input: unknown, source = 'content/compare/pools.json'): ComparePools {
  const result = comparePoolsSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
    return `  ${path.replace(/^\./, '') || '(root)'}: ${issue.message}`;
  });
  throw new ComparePoolsError(`${source} is invalid:\n${problems.join('\n')}`);
}
