/**
 * The Telegram monitoring bot (grammY): commands answered by bot-commands.ts, alerts sent
 * for the outbox sender. Long polling by default, in one API replica at a time (Telegram
 * allows one getUpdates caller: a session advisory lock picks it); a webhook when
 * TELEGRAM_WEBHOOK_URL is set, served by every replica. A failure of Telegram is logged and
 * retried; it never reaches the API's requests.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Bot, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import type pg from 'pg';
import { badRequest } from '../http/errors.ts';
import { answerCommand, type BotDeps } from './bot-commands.ts';
import type { ChatDelivery } from './sender.ts';

const POLL_LOCK = 727_016;
const RETRY_MS = 30_000;

export interface TelegramOptions {
  token: string;
  apiRoot?: string;
  webhookUrl?: string;
  deps: BotDeps;
  log: (line: string) => void;
}

export interface TelegramBot {
  chat: ChatDelivery;
  /** The bot's @username once known (for the miner page's 'Follow in Telegram' link). */
  username(): string | null;
  /** Adds the webhook route; call before the app is ready (webhook mode only). */
  registerWebhook(app: FastifyInstance): void;
  start(db: pg.Pool): void;
  stop(): Promise<void>;
}

/** The secret Telegram sends with each webhook call (X-Telegram-Bot-Api-Secret-Token), derived from the bot token. */
export function webhookSecret(token: string): string {
  return createHash('sha256').update(`webhook:${token}`).digest('base64url').slice(0, 32);
}

/** Equal strings in a time that does not depend on where they differ, nor on the guess's length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const COMMAND = /^\/([a-z_]{1,32})(?:@\w+)?(?:\s+([\s\S]*))?$/i;

export function createTelegramBot(options: TelegramOptions): TelegramBot {
  const { log } = options;
  const bot = new Bot(options.token, { client: { apiRoot: options.apiRoot, timeoutSeconds: 60 } });
  const secretToken = webhookSecret(options.token);
  let stopped = false;
  let lockClient: pg.PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  bot.on('message:text', async (ctx) => {
    const match = COMMAND.exec(ctx.message.text.trim());
    const reply = await answerCommand(
      options.deps,
      String(ctx.chat.id),
      match ? match[1]! : 'help',
      match?.[2] ?? '',
      ctx.from?.language_code,
    );
    await ctx.reply(reply, { link_preview_options: { is_disabled: true } });
  });
  bot.catch((error) => log(`telegram: update ${error.ctx.update.update_id} failed: ${(error.error as Error).message}`));

  async function poll(db: pg.Pool): Promise<void> {
    if (!lockClient) {
      const client = await db.connect();
      const held = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [POLL_LOCK]);
      if (!held.rows[0]?.ok) {
        // Another replica polls; this one only sends. Ask again later in case it stops.
        client.release();
        throw new Error('another API process is polling Telegram');
      }
      lockClient = client;
    }
    // getMe first, ourselves: grammY's init would retry an unreachable Bot API silently; this
    // way the operator reads why in the log, and the next try is ours, 30 s later.
    if (!bot.isInited()) bot.botInfo = await bot.api.getMe();
    await bot.start({ drop_pending_updates: false, onStart: (me) => log(`telegram: @${me.username} polling for updates`) });
  }

  function schedule(db: pg.Pool, delay: number): void {
    if (stopped) return;
    retry = setTimeout(() => {
      polling = poll(db).catch((error: Error) => {
        if (!stopped) log(`telegram: ${error.message}; retrying in ${RETRY_MS / 1000} s`);
        schedule(db, RETRY_MS);
      });
    }, delay);
  }

  return {
    chat: {
      async send(chatId, text) {
        try {
          await bot.api.sendMessage(chatId, text, { link_preview_options: { is_disabled: true } });
        } catch (error) {
          // 400 (chat not found) and 403 (bot blocked) will not change by retrying; 429 and 5xx will.
          if (error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403))
            throw Object.assign(new Error(error.description), { permanent: true });
          throw error;
        }
      },
    },
    username: () => (bot.isInited() ? bot.botInfo.username : null),
    registerWebhook(app) {
      if (!options.webhookUrl) return;
      const path = new URL(options.webhookUrl).pathname;
      // Our own route, not grammY's webhookCallback: the secret is checked in
      // onRequest, before a byte of the body is read, and an accepted update gets one empty
      // 200 (the adapter sent its answer and let Fastify send another, logging three errors
      // per update). A command that fails is logged by bot.catch and still answered 200, so
      // Telegram does not deliver it again and again.
      void app.register(async (scope) => {
        scope.addHook('onRequest', async (request, reply) => {
          const given = request.headers['x-telegram-bot-api-secret-token'];
          if (typeof given !== 'string' || !sameSecret(given, secretToken))
            return reply.code(401).header('cache-control', 'no-store').send({ error: 'unauthorized', message: 'Unauthorized' });
        });
        scope.post(path, { schema: { hide: true }, config: { cache: 'none' } }, async (request, reply) => {
          const update = request.body as Partial<Update> | null;
          if (typeof update !== 'object' || update === null || typeof update.update_id !== 'number')
            throw badRequest('Not a Telegram update');
          if (!bot.isInited()) await bot.init();
          await bot.handleUpdate(update as Update);
          return reply.code(200).send();
        });
      });
    },
    start(db) {
      if (options.webhookUrl) {
        const setUp = async () => {
          if (!bot.isInited()) bot.botInfo = await bot.api.getMe();
          await bot.api.setWebhook(options.webhookUrl!, { secret_token: secretToken });
          log(`telegram: @${bot.botInfo.username} receives updates at ${options.webhookUrl}`);
        };
        const attempt = () =>
          void setUp().catch((error: Error) => {
            log(`telegram: webhook set-up failed: ${error.message}; retrying in ${RETRY_MS / 1000} s`);
            if (!stopped) retry = setTimeout(attempt, RETRY_MS);
          });
        attempt();
        return;
      }
      schedule(db, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      if (bot.isRunning()) await bot.stop().catch(() => undefined);
      await polling?.catch(() => undefined);
      if (lockClient) {
        await lockClient.query('select pg_advisory_unlock($1)', [POLL_LOCK]).catch(() => undefined);
        lockClient.release();
        lockClient = undefined;
      }
    },
  };
}
