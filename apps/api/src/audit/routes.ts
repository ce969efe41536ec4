/**
 * The public audit API (decision 025): every accounting period's record, chained by roots,
 * and a miner's leaf with its Merkle path, so anyone can re-derive their credits
 * (`npm run verify`). Rate-limited and cached like the rest of the public API.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@openpool/domain/api';
import { auditListSchema, auditProofSchema, auditRecordSchema } from '@openpool/domain/audit-api';
import { API_ROUTES } from '@openpool/domain/paths';
import type { ApiContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { addressParam, checkAddress, checkCoin, coinParam, plainNumberQuery } from '../http/params.ts';
import { auditProof, auditRecord, listRecords } from './queries.ts';

const errors = { 400: errorSchema, 404: errorSchema, 503: errorSchema };
/** Periods per page: a day of a busy coin (24 PPS runs and its blocks) fits in one. */
const PAGE = 500;
const DAY_S = 86_400;
/** Up to the year 9999 in unix seconds: past it a date is a typo. */
const MAX_UNIX = 253_402_300_799;
const period = plainNumberQuery({ min: 1, max: 2_147_483_647, integer: true }).describe('the period’s number in its chain');

export function registerAuditRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_ROUTES.audit,
    {
      schema: {
        tags: ['audit'],
        summary: 'Accounting periods (PPS runs, blocks) with their roots, in chain order',
        description:
          'Each record carries the root of the one before it (`prev_root`), so no past period can change without every later root ' +
          'changing. `from` and `to` are unix seconds (default: the last 24 hours); at most 500 periods a page, `next` goes on. ' +
          'With `address`, each period also says what the ledger credited that address in it. With `root`, only the record ' +
          'of that root (a coinbase commitment names one: `OP_RETURN` `OPA1` and the root).',
        params: z.object({ coin: coinParam }),
        querystring: z.object({
          from: plainNumberQuery({ max: MAX_UNIX, integer: true }).optional(),
          to: plainNumberQuery({ max: MAX_UNIX, integer: true }).optional(),
          after: plainNumberQuery({ max: 2_147_483_647, integer: true }).optional(),
          address: addressParam.optional(),
          root: z
            .string()
            .regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex digits')
            .optional()
            .describe('only the record with this root (what a coinbase commitment names)'),
        }),
        response: { 200: auditListSchema, ...errors },
      },
      config: { cache: 'pool' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const now = Math.floor(ctx.now() / 1000);
      const to = request.query.to ?? now + 1;
      const from = request.query.from ?? to - DAY_S;
      if (from >= to) throw badRequest('from must be before to');
      const address = request.query.address === undefined ? null : checkAddress(request.query.address);
      return listRecords(ctx, coin, {
        from,
        to,
        after: request.query.after ?? 0,
        limit: PAGE,
        address,
        root: request.query.root ?? null,
      });
    },
  );

  r.get(
    API_ROUTES.auditPeriod,
    {
      schema: {
        tags: ['audit'],
        summary: 'One period’s record: inputs, Merkle root, leaf count, sums, previous root',
        description:
          '`root` is SHA-256 of the canonical JSON of every other field (keys sorted, no spaces); the verifier recomputes it, and ' +
          'recomputes each credit from `inputs` with the documented formulas (decision 025).',
        params: z.object({ coin: coinParam, period }),
        response: { 200: auditRecordSchema, ...errors },
      },
      config: { cache: 'pool' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const record = await auditRecord(ctx, coin, request.params.period);
      if (!record) throw notFound('No audit record with this number');
      return record;
    },
  );

  r.get(
    API_ROUTES.auditProof,
    {
      schema: {
        tags: ['audit'],
        summary: 'A miner’s leaf in a period and its Merkle path to the period’s leaves root',
        description:
          'The leaf is found by SHA-256 of the chain, the period and the address; the path’s siblings carry their work and credit ' +
          'sums, so the root binds the totals a proportional credit is computed from. `ledger` is what the ledger credited.',
        params: z.object({ coin: coinParam, period, address: addressParam }),
        response: { 200: auditProofSchema, ...errors },
      },
      config: { cache: 'miner' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      const proof = await auditProof(ctx, coin, request.params.period, address);
      if (!proof) throw notFound('This address has no leaf in this period');
      return proof;
    },
  );
}
