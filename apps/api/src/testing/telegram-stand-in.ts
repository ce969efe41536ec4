/**
 * A local HTTP server speaking the part of the Telegram Bot API that grammY calls for this
 * pool's bot (getMe, deleteWebhook, setWebhook, getUpdates with long polling, sendMessage),
 * so the real bot runs against it in tests (TELEGRAM_API_ROOT). Users' messages are queued
 * with `say`; what the bot sends is kept in `sent`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface SentMessage {
  chatId: string;
  text: string;
}

export interface TelegramStandIn {
  apiRoot: string;
  sent: SentMessage[];
  /** Queues a text message from a user in a private chat. */
  say(chatId: number, text: string, languageCode?: string): void;
  /** Resolves with the messages sent to a chat once there are `count` of them. */
  waitFor(chatId: number | string, count: number, timeoutMs?: number): Promise<SentMessage[]>;
  /** The next sendMessage gets no answer at all (the bot waits until it is killed). */
  stallNext(): void;
  /** Chats whose messages are refused as Telegram refuses a bot the user blocked (403). */
  blocked: Set<string>;
  calls: string[];
  close(): Promise<void>;
}

export const STAND_IN_BOT = { id: 7000001, is_bot: true, first_name: 'OpenPool', username: 'openpool_test_bot' };

export async function startTelegramStandIn(port = 0): Promise<TelegramStandIn> {
  const updates: Record<string, unknown>[] = [];
  const sent: SentMessage[] = [];
  const calls: string[] = [];
  const blocked = new Set<string>();
  const pollers = new Set<() => void>();
  const watchers = new Set<() => void>();
  let nextUpdate = 1;
  let nextMessage = 1;
  let stall = false;

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  async function body(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  const server = createServer((request, response) => {
    void (async () => {
      const match = /^\/bot[^/]+\/(\w+)$/.exec(request.url ?? '');
      if (!match) return json(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
      const method = match[1]!;
      const params = await body(request);
      calls.push(method);
      switch (method) {
        case 'getMe':
          return json(response, 200, {
            ok: true,
            result: { ...STAND_IN_BOT, can_join_groups: true, supports_inline_queries: false },
          });
        case 'deleteWebhook':
        case 'setWebhook':
        case 'setMyCommands':
          return json(response, 200, { ok: true, result: true });
        case 'getUpdates': {
          const offset = Number(params.offset ?? 0);
          const pending = () => updates.filter((update) => (update.update_id as number) >= offset);
          if (pending().length === 0) {
            // Long polling, shortened: answer when something arrives or after a second.
            await new Promise<void>((resolve) => {
              const wake = () => {
                pollers.delete(wake);
                clearTimeout(timer);
                resolve();
              };
              const timer = setTimeout(wake, Math.min(1000, Number(params.timeout ?? 0) * 1000));
              pollers.add(wake);
              request.on('close', wake);
            });
          }
          return json(response, 200, { ok: true, result: pending().slice(0, Number(params.limit ?? 100)) });
        }
        case 'sendMessage': {
          const chatId = String(params.chat_id);
          if (stall) {
            stall = false;
            return; // never answered
          }
          if (blocked.has(chatId))
            return json(response, 403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
          const text = String(params.text);
          sent.push({ chatId, text });
          for (const watch of watchers) watch();
          return json(response, 200, {
            ok: true,
            result: {
              message_id: nextMessage++,
              date: Math.floor(Date.now() / 1000),
              chat: { id: Number(chatId), type: 'private' },
              text,
            },
          });
        }
        default:
          return json(response, 404, {
            ok: false,
            error_code: 404,
            description: `Not Found: method ${method} is not in the stand-in`,
          });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    apiRoot: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`,
    sent,
    calls,
    blocked,
    say(chatId, text, languageCode = 'en') {
      const from = { id: chatId, is_bot: false, first_name: 'Miner', language_code: languageCode };
      updates.push({
        update_id: nextUpdate++,
        message: {
          message_id: nextMessage++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private', first_name: 'Miner' },
          from,
          text,
        },
      });
      for (const wake of pollers) wake();
    },
    waitFor(chatId, count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const mine = () => sent.filter((message) => message.chatId === String(chatId));
        const check = () => {
          if (mine().length < count) return;
          watchers.delete(check);
          clearTimeout(timer);
          resolve(mine());
        };
        const timer = setTimeout(() => {
          watchers.delete(check);
          reject(new Error(`expected ${count} messages in chat ${chatId}, got ${mine().length}: ${JSON.stringify(mine())}`));
        }, timeoutMs);
        watchers.add(check);
        check();
      });
    },
    stallNext: () => (stall = true),
    close: () =>
      new Promise((resolve) => {
        for (const wake of pollers) wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
