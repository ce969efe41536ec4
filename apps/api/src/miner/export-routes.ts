/**
 * `GET /{coin}/api/v1/miner/export/{address}`: a miner's payouts or daily rewards for any date
 * range, as CSV or JSON, streamed (decision 023). The same rows in both formats;
 * merge-mined children's (doge under ltc) come with the parent's, named by their `coin` column.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COINS } from '@openpool/domain/coins';
import { errorSchema } from '@openpool/domain/api';
import {
  csvRecord,
  EXPORT_FORMATS,
  EXPORT_KINDS,
  exportColumns,
  exportEnvelopeSchema,
  exportFileName,
  isoDay,
  MAX_EXPORT_DAYS,
  parseExportDay,
  type ExportFormat,
  type ExportKind,
} from '@openpool/domain/miner-export';
import type { ApiContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { addressParam, checkAddress, checkCoin, coinParam } from '../http/params.ts';
import type { RateDays } from '../rates/rate-days.ts';
import { payoutPages, rewardPages, type ExportRange } from './export-rows.ts';
import { firstShareAt } from './queries.ts';
import { API_ROUTES } from '@openpool/domain/paths';

const DAY_MS = 86_400_000;
const day = z.string().max(10).describe('UTC day, YYYY-MM-DD');

export interface ExportDeps {
  rateDays: RateDays;
  /** Currencies a day's rate can be given in (the rates' fiat codes). */
  fiatCodes: () => Promise<readonly string[]>;
}

export function registerExportRoutes(app: FastifyInstance, ctx: ApiContext, deps: ExportDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API_ROUTES.minerExport,
    {
      schema: {
        tags: ['miner'],
        summary: 'Export payouts or daily rewards for a date range, as CSV (RFC 4180) or JSON, streamed',
        description:
          'Payouts: time (ISO 8601 UTC), coin, amount and received (exact decimals), tx id, status, confirmations. ' +
          'Rewards: credits per UTC day, coin and scheme. With `fiat`, each row also gets the price of the coin in that ' +
          "currency at its day's rate, the value, and the rate's source; a day without a kept rate leaves them empty. " +
          'Merge-mined coins are included with their own `coin`. The JSON body is `{coin, address, kind, from, to, fiat, results}`.',
        params: z.object({ coin: coinParam, address: addressParam }),
        querystring: z.object({
          kind: z.enum(EXPORT_KINDS).default('payouts'),
          format: z.enum(EXPORT_FORMATS).default('csv'),
          from: day.optional().describe('first UTC day (default: the miner’s first share)'),
          to: day.optional().describe('last UTC day, included (default: today)'),
          fiat: z
            .string()
            .regex(/^[A-Z]{3}$/)
            .optional()
            .describe('ISO 4217 code, e.g. USD: add the value at each day’s rate'),
        }),
        response: { 200: exportEnvelopeSchema, 400: errorSchema, 404: errorSchema, 503: errorSchema },
      },
      config: { cache: 'miner', rateLimit: 'export' },
    },
    async (request, reply) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      const { kind, format, fiat } = request.query;
      const first = await firstShareAt(ctx, coin, address);
      if (!first) throw notFound('Nothing found: no shares from this address yet');
      const to = request.query.to ?? isoDay(ctx.now());
      const toMs = parseExportDay(to);
      // Without `from`: the miner's first share, or ten years before `to` if that is earlier.
      const from =
        request.query.from ?? (toMs === null ? '' : isoDay(Math.max(first.getTime(), toMs - (MAX_EXPORT_DAYS - 1) * DAY_MS)));
      const fromMs = parseExportDay(from);
      if (fromMs === null || toMs === null) throw badRequest('Invalid from or to: a real UTC day, YYYY-MM-DD');
      if (fromMs > toMs) throw badRequest('Invalid range: from is after to');
      if ((toMs - fromMs) / DAY_MS + 1 > MAX_EXPORT_DAYS)
        throw badRequest(`Invalid range: at most ${MAX_EXPORT_DAYS} days (ten years) per export; split it into several`);
      if (fiat && !(await deps.fiatCodes()).includes(fiat)) throw badRequest(`Invalid fiat: no rates in ${fiat}`);
      const range: ExportRange = {
        coins: [coin, ...COINS[coin].mergedCoins],
        address,
        from: fromMs,
        end: toMs + DAY_MS,
        fiat: fiat ?? null,
      };
      // A client that leaves stops the work: no page is read after its connection closed.
      const left = new AbortController();
      reply.raw.on('close', () => left.abort());
      const pages =
        kind === 'payouts'
          ? payoutPages(ctx.db, ctx.pool, deps.rateDays, range, left.signal)
          : rewardPages(ctx.db, ctx.pool, deps.rateDays, range, left.signal);
      const head = { coin, address, kind, from, to, fiat: fiat ?? null };
      reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(coin, address, kind, from, to, format)}"`);
      // A stream: Fastify sends it as it comes, never through the JSON serialiser.
      // One chunk buffered ahead (Readable.from's default is 16: sixteen pages read before the
      // client has taken one), so what is read follows what the client takes.
      return reply.send(Readable.from(encode(pages, format, kind, head), { highWaterMark: 1 }) as never);
    },
  );
}

/** Text chunks of the file: one per page of rows, so memory holds a page, never the history. */
async function* encode(
  pages: AsyncGenerator<object[]>,
  format: ExportFormat,
  kind: ExportKind,
  head: Record<string, string | null>,
): AsyncGenerator<string> {
  const columns = exportColumns(kind, head.fiat !== null);
  if (format === 'csv') {
    yield csvRecord(columns);
    for await (const rows of pages) {
      let chunk = '';
      for (const row of rows)
        chunk += csvRecord(columns.map((column) => (row as Record<string, string | number | null>)[column]));
      yield chunk;
    }
    return;
  }
  yield `${JSON.stringify(head).slice(0, -1)},"results":[`;
  let first = true;
  for await (const rows of pages) {
    let chunk = '';
    for (const row of rows) {
      chunk += (first ? '\n' : ',\n') + JSON.stringify(row);
      first = false;
    }
    yield chunk;
  }
  yield '\n]}\n';
}
