/**
 * Miner settings. Reading is public and shows whether an e-mail is set, never any part of it
 * (decision 028); changing needs the IPv4 address
 * of a worker that sent shares for this address in the last 24 hours. Failed proofs are
 * limited per client network and miner, and per client network, never per miner alone
 * (rate-limit.ts, decision 016); a wrong proof answers 403 without saying which part failed,
 * and so does an address we have never seen. A new e-mail's confirmation link is limited per
 * recipient, miner and network (notify/mail-limits.ts): past a limit the save is 429 and
 * changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, settingsAppliedSchema, settingsChangeSchema, settingsSchema } from '@openpool/domain/api';
import { maxRewardCoins } from '@openpool/domain/chain-bounds';
import { fromUnits, type CoinPoolConfig } from '@openpool/domain/pool-config';
import { checkSettingsChange, typedAmountToUnits } from '@openpool/domain/settings-change';
import { renderRuleMessage } from '@openpool/domain/validation';
import { isLocaleCode } from '@openpool/domain/locales';
import type { ApiContext } from '../context.ts';
import { HttpError, limitRefusal } from '../http/errors.ts';
import { addressParam, checkAddress, checkCoin, coinParam } from '../http/params.ts';
import { createSettingsLimiter } from './rate-limit.ts';
import { minerSubscriptions } from '../notify/subscriptions.ts';
import { minerThreshold, saveSettings, workerIpProves } from './queries.ts';
import { API_ROUTES } from '@openpool/domain/paths';

const PROOF_WINDOW_MS = 24 * 3_600_000;

export function registerSettingsRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  notify: { offlineAfterS: number } = { offlineAfterS: 600 },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = createSettingsLimiter(ctx.db);
  const params = z.object({ coin: coinParam, address: addressParam });

  async function read(coin: string, address: string, config: CoinPoolConfig) {
    const row = await minerThreshold(ctx.db, coin, address);
    // The e-mail and its alerts are a notification subscription (decision 012).
    const email = (await minerSubscriptions(ctx.db, coin, address)).find((sub) => sub.channel === 'email');
    return {
      payout_threshold: fromUnits(row?.threshold ? BigInt(row.threshold) : config.defaultThreshold, config.unitDecimals),
      min_payout: fromUnits(config.minPayout, config.unitDecimals),
      email_set: email !== undefined,
      notify_offline: email?.onOffline ?? false,
      notify_payouts: email?.onPayout ?? false,
      email_confirmed: email?.confirmed ?? false,
      offline_after_min: Math.round((email?.offlineAfterS ?? notify.offlineAfterS) / 60),
      hashrate_drop_pct: email?.hashrateDropPct ?? null,
      // The miners row appears with the first share: the same rule as the stats call's 404.
      active: row !== undefined,
    };
  }

  r.get(
    API_ROUTES.minerSettings,
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
      return read(coin, address, ctx.pool.coins.get(coin));
    },
  );

  r.post(
    API_ROUTES.minerSettings,
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
      const config = ctx.pool.coins.get(coin);
      const body = request.body;

      // The same check as the settings form's (packages/domain), in the same words.
      const bounds = {
        min: fromUnits(config.minPayout, config.unitDecimals),
        max: String(maxRewardCoins(coin)),
        unitDecimals: config.unitDecimals,
      };
      const problems = checkSettingsChange(body, bounds);
      if (Object.keys(problems).length > 0) {
        const fields = Object.fromEntries(Object.entries(problems).map(([field, rule]) => [field, renderRuleMessage(rule)]));
        throw new HttpError(400, 'validation', Object.values(fields)[0] ?? 'Invalid settings', { fields });
      }

      const now = ctx.now();
      const miner = `${coin}:${address}`;
      const wait = await limiter.wait(request.ip, miner, now);
      if (wait > 0) throw limitRefusal('too_many_attempts', wait);

      if (!(await workerIpProves(ctx.db, coin, address, body.ip, new Date(now - PROOF_WINDOW_MS)))) {
        await limiter.failed(request.ip, miner, now);
        throw new HttpError(403, 'forbidden', 'Forbidden: these settings cannot be changed with the details given.');
      }

      const threshold =
        body.payout_threshold === undefined ? null : typedAmountToUnits(body.payout_threshold, config.unitDecimals);
      await saveSettings(
        ctx.db,
        {
          coin,
          address,
          threshold,
          email: body.email,
          locale: body.locale && isLocaleCode(body.locale) ? body.locale : 'en',
          onOffline: body.notify_offline,
          onPayout: body.notify_payouts,
          offlineAfterS: body.offline_after_min === undefined ? undefined : body.offline_after_min * 60,
          hashrateDropPct: body.hashrate_drop_pct,
        },
        now,
        { client: request.ip, proof: body.ip },
      );
      return { message: 'Your settings have been applied.', settings: await read(coin, address, config) };
    },
  );
}
