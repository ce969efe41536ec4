/**
 * A miner's exports: payouts and daily rewards for a date range, as CSV
 * (RFC 4180: comma, CRLF, quoted only where needed, UTF-8, plain numbers) or JSON, with the
 * same fields in both. The API writes them, the site links to them, the tests read the CSV back.
 * Decision 023.
 */
import { z } from 'zod';

export const EXPORT_KINDS = ['payouts', 'rewards'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Columns in CSV order; the JSON rows have the same keys. */
export const PAYOUT_COLUMNS = ['time_utc', 'coin', 'amount', 'received', 'txid', 'status', 'confirmations'] as const;
export const REWARD_COLUMNS = ['day_utc', 'coin', 'scheme', 'amount', 'blocks'] as const;
/** Added to either kind when a fiat currency is asked for. */
export const FIAT_COLUMNS = ['fiat_currency', 'fiat_rate', 'fiat_value', 'rate_source'] as const;

const amount = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe('exact decimal amount in coin units');
const fiat = {
  fiat_currency: z.string().optional().describe('the currency asked for with `fiat`'),
  fiat_rate: z
    .string()
    .nullable()
    .optional()
    .describe("price of one coin in that currency at the day's rate; null: no rate kept for that day"),
  fiat_value: z.string().nullable().optional().describe('amount x fiat_rate, rounded to cents'),
  rate_source: z.string().nullable().optional().describe('where the day’s rate comes from, e.g. `coingecko` or `simulated`'),
};

export const payoutExportRowSchema = z.object({
  time_utc: z.string().describe('ISO 8601, UTC, e.g. 2026-11-20T13:00:00Z'),
  coin: z.string(),
  amount,
  received: amount.describe('what the address received (less than amount when the network fee was deducted)'),
  txid: z.string().nullable(),
  status: z.enum(['Paid', 'Unpaid']),
  confirmations: z.number().int().nullable(),
  ...fiat,
});
export type PayoutExportRow = z.infer<typeof payoutExportRowSchema>;

export const rewardExportRowSchema = z.object({
  day_utc: z.string().describe('YYYY-MM-DD, the UTC day the credits were made'),
  coin: z.string(),
  scheme: z.string().describe('pps, prop, solo, or merge (merge-mined coins)'),
  amount: amount.describe('credits of that day and scheme; negative when an orphaned block took more back'),
  blocks: z.number().int().describe('blocks whose rewards that day includes'),
  ...fiat,
});
export type RewardExportRow = z.infer<typeof rewardExportRowSchema>;

export const exportEnvelopeSchema = z.object({
  coin: z.string(),
  address: z.string(),
  kind: z.enum(EXPORT_KINDS),
  from: z.string().describe('first UTC day, YYYY-MM-DD'),
  to: z.string().describe('last UTC day, YYYY-MM-DD (included)'),
  fiat: z.string().nullable(),
  results: z.array(z.union([payoutExportRowSchema, rewardExportRowSchema])),
});

// The day rules the browser's export dialog also uses live in export-days.ts (no zod there).
export { isoDay, MAX_EXPORT_DAYS, parseExportDay } from './export-days.ts';

/** ISO 8601 in UTC to the second, `Z` suffix: what spreadsheets and tax tools read without a locale. */
export const isoSecond = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One CSV field: quoted (quotes doubled) only when it holds a comma, quote, CR or LF (RFC 4180, 2.6-2.7). */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record with its CRLF (RFC 4180, 2.1). */
export const csvRecord = (values: readonly (string | number | null | undefined)[]): string =>
  values.map(csvField).join(',') + '\r\n';

/** The columns of an export: its kind's, and the fiat ones when a currency was asked for. */
export function exportColumns(kind: ExportKind, withFiat: boolean): readonly string[] {
  const base: readonly string[] = kind === 'payouts' ? PAYOUT_COLUMNS : REWARD_COLUMNS;
  return withFiat ? [...base, ...FIAT_COLUMNS] : base;
}

/**
 * Reads RFC 4180 CSV back into records (quoted fields, doubled quotes, CRLF or LF). For readers of
 * our exports and for the tests that hold the CSV to the JSON.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (char === '\r' && text[i + 1] === '\n') i += 1;
    } else field += char;
    i += 1;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/**
 * `units` smallest units times a rate, as a decimal with `outDecimals` places, rounded half up:
 * computed in integers, so the export's fiat value is the same on every machine.
 */
export function fiatValue(units: bigint, unitDecimals: number, rate: number, outDecimals = 2): string {
  const RATE_DECIMALS = 12;
  const rateScaled = BigInt(rate.toFixed(RATE_DECIMALS).replace('.', ''));
  const product = units * rateScaled;
  const shift = 10n ** BigInt(unitDecimals + RATE_DECIMALS - outDecimals);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + shift / 2n) / shift;
  const digits = rounded.toString().padStart(outDecimals + 1, '0');
  const text = outDecimals > 0 ? `${digits.slice(0, -outDecimals)}.${digits.slice(-outDecimals)}` : digits;
  return negative && rounded !== 0n ? `-${text}` : text;
}

/** A rate as a plain decimal (no exponent), at most 10 significant digits. */
export function plainRate(rate: number): string {
  const [mantissa = '0', exponent = '0'] = Math.abs(rate).toPrecision(10).split('e');
  const digits = mantissa.replace('.', '');
  const point = (mantissa.indexOf('.') === -1 ? mantissa.length : mantissa.indexOf('.')) + Number(exponent);
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 1);
  const whole = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(at).replace(/0+$/, '');
  return `${rate < 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** `openpool-ltc-ADDRESS-payouts-2026-01-01_2026-12-31.csv`: the file name a download is saved under. */
export function exportFileName(coin: string, address: string, kind: ExportKind, from: string, to: string, format: ExportFormat) {
  return `openpool-${coin}-${address.replace(/[^A-Za-z0-9._-]/g, '_')}-${kind}-${from}_${to}.${format}`;
}
