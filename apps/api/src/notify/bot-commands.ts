/**
 * What the Telegram monitoring bot answers, apart from Telegram itself: each command takes
 * the chat, its arguments and the database, and returns the reply text in the chat's
 * language. Bad commands and bad addresses get an answer, never an exception.
 */
import { isWellFormedAddress } from '@openpool/domain/address';
import type { CoinTicker } from '@openpool/domain/coins';
import { formatAmount, formatHashrate } from '@openpool/domain/format';
import { isMining, payoutEta } from '@openpool/domain/miner-rules';
import { LOCALE_CODES, isLocaleCode } from '@openpool/domain/locales';
import type { ApiContext } from '../context.ts';
import { minerStats } from '../miner/queries.ts';
import { messagesFor, formatMessage, type NotifyMessages } from './messages/index.ts';
import {
  CHAT_FOLLOW_LIMIT,
  OFFLINE_DELAY_MAX_S,
  OFFLINE_DELAY_MIN_S,
  changeChatSubscription,
  chatLocale,
  chatSubscriptions,
  followInChat,
  removeSubscription,
  setChatLocale,
  type Subscription,
} from './subscriptions.ts';

export interface BotDeps {
  ctx: ApiContext;
  /** NOTIFY_OFFLINE_AFTER_S, shown for subscriptions without their own delay. */
  offlineAfterS: number;
}

/** Telegram's language_code ('pt-br', 'zh-hans', 'kk') to one of ours. */
export function guessLocale(languageCode: string | undefined): string {
  const code = (languageCode ?? '').toLowerCase();
  if (isLocaleCode(code)) return code;
  if (code.startsWith('zh')) return 'zh-cn';
  if (code.startsWith('pt')) return 'pt-br';
  if (code === 'kk') return 'kz';
  const base = code.split('-')[0] ?? '';
  return isLocaleCode(base) ? base : 'en';
}

const where = (sub: Subscription) => ({ address: sub.address, coin: sub.coin.toUpperCase() });

function duration(m: NotifyMessages, seconds: number): string {
  const hours = seconds / 3600;
  return hours < 48
    ? formatMessage(m.botHours, { hours: Math.max(1, Math.round(hours)) })
    : formatMessage(m.botDays, { days: Math.round(hours / 24) });
}

async function follow(deps: BotDeps, chatId: string, locale: string, coinArg: string, address: string): Promise<string> {
  const m = messagesFor(locale);
  const coin = coinArg.toLowerCase();
  if (!deps.ctx.pool.coins.has(coin as CoinTicker)) {
    return formatMessage(m.botUnknownCoin, { coin: coinArg.slice(0, 16), coins: [...deps.ctx.pool.coins.keys()].join(', ') });
  }
  if (!isWellFormedAddress(address)) return m.botBadAddress;
  const outcome = await followInChat(deps.ctx.db, chatId, coin, address, locale, deps.ctx.now());
  if (outcome === 'limit') return formatMessage(m.botLimit, { limit: CHAT_FOLLOW_LIMIT });
  const words = { address, coin: coin.toUpperCase() };
  if (outcome === 'already') return formatMessage(m.botAlreadyFollowing, words);
  const seen = await deps.ctx.db.query('select 1 from miners where coin = $1 and address = $2', [coin, address]);
  return [formatMessage(m.botFollowing, words), ...(seen.rowCount === 0 ? [m.botNotSeen] : [])].join('\n');
}

async function status(deps: BotDeps, m: NotifyMessages, sub: Subscription): Promise<string> {
  const stats = await minerStats(deps.ctx, sub.coin as CoinTicker, sub.address);
  if (!stats) return formatMessage(m.botStatusNoData, where(sub));
  const ticker = sub.coin.toUpperCase();
  // The site's amounts (its decimals, grouped) and its one payout rule (decision 024): a miner at
  // 0 H/s gets no estimate, whatever it earned last week, as on its page.
  const amount = (value: string) => formatAmount(value, sub.coin);
  const threshold = amount(stats.payout_threshold);
  const eta = payoutEta(stats.balance, stats.payout_threshold, stats.reward_7d, isMining(stats));
  const payout =
    eta.kind === 'reached'
      ? formatMessage(m.botStatusPayoutReached, { threshold, ticker })
      : eta.kind === 'in'
        ? formatMessage(m.botStatusPayoutIn, { threshold, ticker, time: duration(m, eta.seconds) })
        : formatMessage(m.botStatusPayoutUnknown, { threshold, ticker });
  return [
    `${ticker} ${sub.address}`,
    formatMessage(m.botStatusHashrate, { h10m: formatHashrate(stats.hashrate_10m), h24h: formatHashrate(stats.hashrate_24h) }),
    formatMessage(m.botStatusWorkers, { online: stats.workers_online, offline: stats.workers_offline }),
    formatMessage(m.botStatusBalance, { balance: amount(stats.balance), ticker }),
    payout,
  ].join('\n');
}

function settingsLines(deps: BotDeps, m: NotifyMessages, subs: readonly Subscription[]): string {
  const onOff = (value: boolean) => (value ? m.botOn : m.botOff);
  return [
    ...subs.map((sub, index) =>
      formatMessage(m.botSettingsLine, {
        number: index + 1,
        ...where(sub),
        offline: onOff(sub.onOffline),
        minutes: Math.round((sub.offlineAfterS ?? deps.offlineAfterS) / 60),
        payouts: onOff(sub.onPayout),
        drop: sub.hashrateDropPct === null ? m.botOff : `${sub.hashrateDropPct}%`,
      }),
    ),
    '',
    m.botSettingsUsage,
  ].join('\n');
}

/** `/settings 2 offline off, delay 15, drop 50` → the change, or null when a part is not understood. */
export function parseSettingsChange(text: string) {
  const change: Parameters<typeof changeChatSubscription>[2] = {};
  for (const part of text
    .split(/[,;]+/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)) {
    const [name = '', value = ''] = part.split(/\s+/);
    const flag = value === 'on' ? true : value === 'off' ? false : undefined;
    if (name === 'offline' && flag !== undefined) change.onOffline = flag;
    else if ((name === 'payouts' || name === 'payout') && flag !== undefined) change.onPayout = flag;
    else if (
      name === 'delay' &&
      /^\d{1,2}$/.test(value) &&
      Number(value) * 60 >= OFFLINE_DELAY_MIN_S &&
      Number(value) * 60 <= OFFLINE_DELAY_MAX_S
    )
      change.offlineAfterS = Number(value) * 60;
    else if (name === 'drop' && value === 'off') change.hashrateDropPct = null;
    else if (name === 'drop' && /^\d{2}$/.test(value) && Number(value) >= 10 && Number(value) <= 95)
      change.hashrateDropPct = Number(value);
    else return null;
  }
  return Object.keys(change).length > 0 ? change : null;
}

/** The reply to one command (`command` without the slash, `args` the rest of the line). */
export async function answerCommand(
  deps: BotDeps,
  chatId: string,
  command: string,
  args: string,
  languageCode?: string,
): Promise<string> {
  const { ctx } = deps;
  const locale = await chatLocale(ctx.db, chatId, guessLocale(languageCode), ctx.now());
  const m = messagesFor(locale);
  const words = args.trim().split(/\s+/).filter(Boolean);
  const subs = () => chatSubscriptions(ctx.db, chatId);
  const pick = async (arg: string | undefined) => {
    const all = await subs();
    return arg && /^\d{1,2}$/.test(arg) ? all[Number(arg) - 1] : all.length === 1 ? all[0] : undefined;
  };
  switch (command.toLowerCase()) {
    case 'start': {
      // Deep link from the miner page: ?start={coin}_{address}
      const deep = /^([a-z0-9]{2,10})_(\S+)$/i.exec(args.trim());
      // The miner page's link writes a cashaddr's ':' as '-' (alert-routes.ts, deepLinkStart).
      if (deep) return follow(deps, chatId, locale, deep[1]!, deep[2]!.replaceAll('-', ':'));
      return `${m.botWelcome}\n\n${m.botHelp}`;
    }
    case 'help':
      return m.botHelp;
    case 'add':
      return words.length === 2 ? follow(deps, chatId, locale, words[0]!, words[1]!) : m.botAddUsage;
    case 'list': {
      const all = await subs();
      if (all.length === 0) return m.botListEmpty;
      return [m.botListTitle, ...all.map((sub, index) => `${index + 1}. ${sub.coin.toUpperCase()} ${sub.address}`)].join('\n');
    }
    case 'remove': {
      if (words[0]?.toLowerCase() === 'all') {
        for (const sub of await subs()) await removeSubscription(ctx.db, sub.id);
        return m.botRemovedAll;
      }
      if ((await subs()).length === 0) return m.botListEmpty;
      const sub = await pick(words[0]);
      if (!sub) return m.botRemoveUsage;
      await removeSubscription(ctx.db, sub.id);
      return formatMessage(m.botRemoved, where(sub));
    }
    case 'status': {
      const all = await subs();
      if (all.length === 0) return m.botListEmpty;
      const chosen = words[0] ? [await pick(words[0])].filter((sub) => sub !== undefined) : all;
      if (chosen.length === 0) return m.botRemoveUsage;
      return (await Promise.all(chosen.map((sub) => status(deps, m, sub)))).join('\n\n');
    }
    case 'settings': {
      const all = await subs();
      if (all.length === 0) return m.botListEmpty;
      if (words.length === 0) return settingsLines(deps, m, all);
      const sub = await pick(words[0]);
      const change = parseSettingsChange(args.trim().replace(/^\d{1,2}\s*/, ''));
      if (!sub || !change) return settingsLines(deps, m, all);
      await changeChatSubscription(ctx.db, sub.id, change);
      return `${m.botSettingsSaved}\n${settingsLines(deps, m, await subs()).split('\n\n')[0]}`;
    }
    case 'language': {
      const code = words[0]?.toLowerCase();
      if (!code || !isLocaleCode(code)) return formatMessage(m.botLanguageAsk, { codes: LOCALE_CODES.join(', ') });
      await setChatLocale(ctx.db, chatId, code, ctx.now());
      return messagesFor(code).botLanguageSet;
    }
    default:
      return m.botUnknownCommand;
  }
}
