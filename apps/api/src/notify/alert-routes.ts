/**
 * `GET /{coin}/api/v1/miner/alerts/{address}`: what is watched for a miner, public like its
 * stats: which kinds of channel and which alerts, never an address or a chat (decision 028).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, minerAlertsSchema, type MinerAlerts } from '@openpool/domain/api';
import type { ApiContext } from '../context.ts';
import { addressParam, checkAddress, checkCoin, coinParam } from '../http/params.ts';
import type { Notifier } from './notifier.ts';
import { minerSubscriptions, type Subscription } from './subscriptions.ts';
import { API_ROUTES } from '@openpool/domain/paths';
import { OFFLINE_AFTER_S } from '@openpool/domain/miner-rules';

/**
 * The bot's start parameter for a miner: Telegram allows [A-Za-z0-9_-], at most 64
 * characters. A cashaddr's ':' travels as '-' (no coin's address has a '-'); an address too
 * long for the limit gets no deep link (the chat uses /add).
 */
export function deepLinkStart(coin: string, address: string): string | null {
  const start = `${coin}_${address.replaceAll(':', '-')}`;
  return !address.includes('-') && /^[A-Za-z0-9_-]{1,64}$/.test(start) ? start : null;
}

/** The answer from a miner's subscriptions: the alerts path's and the miner page's (decision 034). */
export function minerAlerts(subs: Subscription[], coin: string, address: string, notifier: Notifier | undefined): MinerAlerts {
  const email = subs.find((sub) => sub.channel === 'email');
  const bot = notifier?.bot?.username() ?? null;
  const start = deepLinkStart(coin, address);
  return {
    email: email
      ? {
          confirmed: email.confirmed,
          offline: email.onOffline,
          payouts: email.onPayout,
          offline_after_min: Math.round((email.offlineAfterS ?? notifier?.offlineAfterS ?? OFFLINE_AFTER_S) / 60),
          hashrate_drop_pct: email.hashrateDropPct,
        }
      : null,
    telegram_chats: subs.filter((sub) => sub.channel === 'telegram').length,
    telegram_bot: bot,
    telegram_link: bot && start ? `https://t.me/${bot}?start=${start}` : null,
  };
}

/** A miner's alerts read from the database, for the miner page's one read (decision 034). */
export function minerAlertsReader(ctx: ApiContext, notifier: Notifier | undefined) {
  return async (coin: string, address: string): Promise<MinerAlerts> =>
    minerAlerts(await minerSubscriptions(ctx.db, coin, address), coin, address, notifier);
}

export function registerAlertRoutes(app: FastifyInstance, ctx: ApiContext, notifier: Notifier | undefined): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.minerAlerts,
    {
      schema: {
        tags: ['miner'],
        summary: 'Which alerts are set for a miner and to which kind of channel (no address), and the Telegram bot link',
        params: z.object({ coin: coinParam, address: addressParam }),
        response: { 200: minerAlertsSchema, 400: errorSchema, 404: errorSchema },
      },
      config: { cache: 'private' },
    },
    async (request) => {
      const coin = checkCoin(ctx, request.params.coin);
      const address = checkAddress(request.params.address);
      return minerAlerts(await minerSubscriptions(ctx.db, coin, address), coin, address, notifier);
    },
  );
}
