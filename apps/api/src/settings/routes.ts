/**
 * Miner settings. Reading is public (the e-mail is masked); changing needs the IPv4 address
 * of a worker that sent shares for this address in the last 24 hours. Failed proofs are
 * limited per client and address, per client, and (high) per address (rate-limit.ts); a
 * wrong proof answers 403 without saying which part failed, and so does an address we have
 * never seen.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, settingsAppliedSchema, settingsChangeSchema, settingsSchema } from '@openpool/domain/api';
import { decimal, ipv4, minValue, renderRuleMessage, required } from '@openpool/domain/validation';
import { fromUnits, toUnits, type CoinPoolConfig } from '@openpool/domain/pool-config';
import type { ApiContext } from '../pool/context.ts';
import { HttpError } from '../http/errors.ts';
import { addressParam, checkAddress, checkCoin, coinParam } from '../http/params.ts';
import { createSettingsLimiter } from './rate-limit.ts';

const PROOF_WINDOW_MS = 24 * 3_600_000;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,}$/;

function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** A validated decimal (exponent allowed by the shared rule) as smallest units, rounded down. */
function thresholdUnits(value: string, decimals: number): bigint {
  const plain = /e/i.test(value) ? Number(value).toFixed(decimals) : value.trim();
  const [whole = '0', fraction = ''] = plain.replace(/^\+/, '').split('.');
  return toUnits(`${whole || '0'}${fraction ? `.${fraction.slice(0, decimals)}` : ''}`.replace(/\.$/, ''), decimals);
}

export function registerSettingsRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createSettingsLimiter(ctx.db);
  const params = z.object({ coin: coinParam, address: addressParam });

  async function read(coin: string, address: string, config: CoinPoolConfig) {
    const row = (
      await ctx.db.query<{
        payout_threshold: string | null;
        email: string | null;
        notify_offline: boolean;
        notify_payouts: boolean;
      }>(
        'select payout_threshold::text as payout_threshold, email, notify_offline, notify_payouts from miners where coin = $1 and address = $2',
        [coin, address],
      )
    ).rows[0];
    return {
      payout_threshold: fromUnits(
        row?.payout_threshold ? BigInt(row.payout_threshold) : config.defaultThreshold,
        config.unitDecimals,
      ),
      min_payout: fromUnits(config.minPayout, config.unitDecimals),
      email: maskEmail(row?.email ?? null),
      notify_offline: row?.notify_offline ?? false,
      notify_payouts: row?.notify_payouts ?? false,
    };
  }

  r.get(
    '/:coin/api/v1/miner/settings/:address',
    {
      schema: {
        tags: ['settings'],
        summary: 'Payout threshold and notification settings',
        params,
        response: { 200: settingsSchema, 400: errorSchema, 404: errorSchema },
      },
      config: { cache: 'private' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      return read(coin, address, ctx.pool.coins.get(coin) as CoinPoolConfig);
    },
  );

  r.post(
    '/:coin/api/v1/miner/settings/:address',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change settings, proven by the IP address of a worker active in the last 24 hours',
        params,
        body: settingsChangeSchema,
        response: { 200: settingsAppliedSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
      config: { cache: 'none' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      const config = ctx.pool.coins.get(coin) as CoinPoolConfig;
      const body = request.body;

      const fields: Record<string, string> = {};
      const ipProblem = required(body.ip) ?? ipv4(body.ip);
      if (ipProblem) fields.ip = renderRuleMessage(ipProblem);
      if (body.payout_threshold !== undefined) {
        const min = Number(fromUnits(config.minPayout, config.unitDecimals));
        const problem =
          required(body.payout_threshold) ??
          decimal(body.payout_threshold, { field: 'payout threshold' }) ??
          minValue(body.payout_threshold, min);
        if (problem) fields.payout_threshold = renderRuleMessage(problem);
      }
      if (body.email !== undefined && body.email !== '' && !EMAIL.test(body.email)) fields.email = 'Invalid e-mail address.';
      if (Object.keys(fields).length > 0) {
        throw new HttpError(400, 'validation', Object.values(fields)[0] ?? 'Invalid settings', { fields });
      }

      const now = ctx.now();
      const miner = `${coin}:${address}`;
      const wait = await limiter.wait(request.ip, miner, now);
      if (wait > 0)
        throw new HttpError(429, 'too_many_attempts', 'Too many attempts; try again later.', {}, { 'retry-after': String(wait) });

      const proven = await ctx.db.query(
        `select 1 from workers where coin = $1 and address = $2 and last_ip = $3::inet and last_share_at >= $4 limit 1`,
        [coin, address, body.ip, new Date(now - PROOF_WINDOW_MS)],
      );
      if (proven.rowCount === 0) {
        await limiter.failed(request.ip, miner, now);
        throw new HttpError(403, 'forbidden', 'Forbidden: these settings cannot be changed with the details given.');
      }

      const threshold = body.payout_threshold === undefined ? null : thresholdUnits(body.payout_threshold, config.unitDecimals);
      if (threshold !== null && threshold < config.minPayout) {
        throw new HttpError(400, 'validation', 'Below the minimum payout', {
          fields: { payout_threshold: 'Below the minimum payout' },
        });
      }
      await ctx.db.query(
        `update miners set
           payout_threshold = coalesce($3::numeric, payout_threshold),
           email = case when $4::text is null then email when $4 = '' then null else $4 end,
           notify_offline = coalesce($5, notify_offline),
           notify_payouts = coalesce($6, notify_payouts)
         where coin = $1 and address = $2`,
        [
          coin,
          address,
          threshold?.toString() ?? null,
          body.email ?? null,
          body.notify_offline ?? null,
          body.notify_payouts ?? null,
        ],
      );
      return { message: 'Your settings have been applied.', settings: await read(coin, address, config) };
    },
  );
}
