/**
 * Notifications as one service for the runtime: the watcher (offline, back online, hashrate)
 * and the outbox sender on timers, the mailer, the Telegram bot, the mail-link routes and
 * the figures /health shows. Every failure is logged and retried on the next round; none
 * reaches an API request or stops the process.
 */
import type { FastifyInstance } from 'fastify';
import type { MinedTicker } from '@openpool/domain/events';
import { explorerLink } from '@openpool/domain/coin-links';
import { fromUnits, unitDecimalsOf } from '@openpool/domain/pool-config';
import { formatAmount } from '@openpool/domain/format';
import { apiPath } from '@openpool/domain/paths';
import type { NotifyEnv } from '../env.ts';
import type { ApiContext } from '../context.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { outboxHealth, type OutboxHealth } from './outbox.ts';
import { notifyPageUrl, registerNotifyRoutes } from './routes.ts';
import { createNotifySender, type NotifySender } from './sender.ts';
import { createTelegramBot, type TelegramBot } from './telegram.ts';
import type { RenderContext } from './templates.ts';
import { createTokenSigner, loadSecret } from './tokens.ts';
import { runWatch, type WatchResult } from './watch.ts';

export const WATCH_EVERY_MS = 10_000;
export const SEND_EVERY_MS = 2_000;
const RETENTION_EVERY_MS = 3_600_000;
export const SITE_NAME = 'OpenPool';

export interface NotifierOptions {
  ctx: ApiContext;
  env: NotifyEnv;
  /** Transaction pages per coin (`{txid}` template), from content/coins.json. */
  txExplorers: Readonly<Record<string, string | undefined>>;
  log: (line: string) => void;
}

export interface Notifier {
  readonly mailMode: Mailer['mode'];
  readonly offlineAfterS: number;
  bot: TelegramBot | undefined;
  registerRoutes(app: FastifyInstance): void;
  health(): Promise<OutboxHealth & { mail: Mailer['mode']; telegram: string | null }>;
  watchOnce(): Promise<WatchResult>;
  sendOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export async function createNotifier(options: NotifierOptions): Promise<Notifier> {
  const { ctx, env, log } = options;
  const signer = createTokenSigner(await loadSecret(ctx.db, env.secret));
  const render: RenderContext = {
    siteName: SITE_NAME,
    siteUrl: env.siteUrl,
    apiUrl: env.apiUrl,
    // The site's amount (decision 024): its decimals (6 for LTC, not the 8 of the ledger), grouped.
    // Exports and the API stay exact; a mail is read beside the page.
    amount: (coin, units) => {
      try {
        return formatAmount(fromUnits(BigInt(units), unitDecimalsOf(ctx.pool, coin as MinedTicker)), coin);
      } catch {
        return units;
      }
    },
    txLink: (coin, txid) => explorerLink({ explorer: { tx: options.txExplorers[coin] } }, 'tx', txid),
    // The mail's links open the site's pages; its List-Unsubscribe header, the API (decision 012).
    link: (purpose, row) =>
      notifyPageUrl(env.siteUrl, purpose, row.locale, signer.sign(purpose, row.subscriptionId, row.recipient)),
    oneClick: (row) =>
      `${env.apiUrl}${apiPath('notifyAction', { purpose: 'unsubscribe' })}?token=${signer.sign('unsubscribe', row.subscriptionId, row.recipient)}`,
  };
  const mailer = createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, dir: env.mailDir });
  const bot = env.telegram
    ? createTelegramBot({
        token: env.telegram.token,
        apiRoot: env.telegram.apiRoot,
        webhookUrl: env.telegram.webhookUrl,
        deps: { ctx, offlineAfterS: env.offlineAfterS },
        log,
      })
    : undefined;
  const sender: NotifySender = createNotifySender({
    db: ctx.db,
    render,
    mailer,
    chat: bot?.chat,
    now: ctx.now,
    maxPerHour: env.maxPerHour,
    mailBudget: { perMinute: env.mailPerMinute, perHour: env.mailPerHour },
    log,
  });

  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  /** One round of a job at a time; a failed round is logged, the next one tries again. */
  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    let busy = false;
    timers.push(
      setInterval(() => {
        if (busy) return;
        busy = true;
        const round = job()
          .catch((error: Error) => log(`notify: ${name}: ${error.message}`))
          .finally(() => {
            busy = false;
            running.delete(round);
          });
        running.add(round);
      }, ms),
    );
  };

  return {
    mailMode: mailer.mode,
    offlineAfterS: env.offlineAfterS,
    bot,
    registerRoutes(app) {
      registerNotifyRoutes(app, { ctx, signer, siteUrl: env.siteUrl });
      bot?.registerWebhook(app);
    },
    async health() {
      return {
        ...(await outboxHealth(ctx.db, ctx.now())),
        mail: mailer.mode,
        telegram: bot ? (bot.username() ?? 'starting') : null,
      };
    },
    watchOnce: () => runWatch({ ctx, offlineAfterS: env.offlineAfterS }),
    sendOnce: () => sender.runOnce(),
    start() {
      every(WATCH_EVERY_MS, 'watch', () => runWatch({ ctx, offlineAfterS: env.offlineAfterS }));
      every(SEND_EVERY_MS, 'send', () => sender.runOnce());
      // Delivered, dropped and digested rows are kept 30 days for the operator, then deleted.
      every(RETENTION_EVERY_MS, 'retention', () =>
        ctx.db.query(`delete from notify_outbox where status in ('sent', 'dropped', 'digested') and created_at < $1`, [
          new Date(ctx.now() - 30 * 86_400_000),
        ]),
      );
      bot?.start(ctx.db);
      log(
        `notify: mail ${mailer.mode === 'smtp' ? 'through SMTP' : `as files in ${env.mailDir}`}; Telegram bot ${bot ? 'on' : 'off (TELEGRAM_BOT_TOKEN)'}`,
      );
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await bot?.stop();
      await Promise.allSettled([...running]);
      mailer.close();
    },
  };
}
