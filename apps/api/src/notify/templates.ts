/**
 * What a notification says, built once as parts (title, paragraphs, list, facts, links) and
 * written out three ways: the plain-text and HTML parts of a mail, and a chat message.
 */
import { localizePath, isLocaleCode } from '@openpool/domain/locales';
import { sitePaths } from '@openpool/domain/paths';
import { formatHashrate } from '@openpool/domain/format';
import { OFFLINE_AFTER_S } from '@openpool/domain/miner-rules';
import type { OutboxRow } from './outbox.ts';
import { messagesFor, formatMessage, type NotifyMessages } from './messages/index.ts';

export interface RenderContext {
  siteName: string;
  siteUrl: string;
  apiUrl: string;
  /** A coin amount in smallest units as a decimal string in coin units. */
  amount(coin: string, units: string): string;
  txLink(coin: string, txid: string): string | null;
  /** The site's page behind a mail's signed confirm or unsubscribe link, in the subscriber's language. */
  link(purpose: 'confirm' | 'unsubscribe', row: Pick<OutboxRow, 'subscriptionId' | 'recipient' | 'locale'>): string;
  /** The API's address a mail program POSTs its one-click unsubscribe to (RFC 8058). */
  oneClick(row: Pick<OutboxRow, 'subscriptionId' | 'recipient'>): string;
}

export interface MessageParts {
  title: string;
  paragraphs: string[];
  list: string[];
  facts: { label: string; value: string; href?: string }[];
  actions: { label: string; href: string }[];
}

interface WorkerItem {
  worker: string;
  since: number;
  silent_s?: number;
}

const shortAddress = (address: string) => (address.length > 20 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address);
const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

export function statsUrl(context: RenderContext, row: Pick<OutboxRow, 'locale' | 'coin' | 'address'>): string {
  const path = sitePaths.miner(row.coin, 'stats', row.address);
  return context.siteUrl + (isLocaleCode(row.locale) ? localizePath(path, row.locale) : path);
}

function uniqueWorkers(items: readonly WorkerItem[]): WorkerItem[] {
  const seen = new Map<string, WorkerItem>();
  for (const item of items) if (!seen.has(item.worker)) seen.set(item.worker, item);
  return [...seen.values()].sort((a, b) => a.worker.localeCompare(b.worker));
}

/** The parts of one alert row (not confirm, not digest). */
export function alertParts(context: RenderContext, row: OutboxRow, m: NotifyMessages): MessageParts {
  const where = { address: shortAddress(row.address), coin: row.coin.toUpperCase() };
  const p = row.payload;
  switch (row.kind) {
    case 'offline':
    case 'online': {
      const workers = uniqueWorkers((p.workers as WorkerItem[] | undefined) ?? []);
      const offline = row.kind === 'offline';
      return {
        title: formatMessage(offline ? m.offlineTitle : m.onlineTitle, { count: workers.length }),
        paragraphs: [
          formatMessage(offline ? m.offlineBody : m.onlineBody, {
            ...where,
            minutes: minutes(Number(p.delay_s ?? OFFLINE_AFTER_S)),
          }),
        ],
        list: workers.map((w) =>
          offline || w.silent_s === undefined
            ? w.worker
            : `${w.worker} (${formatMessage(m.offlineFor, { minutes: minutes(w.silent_s) })})`,
        ),
        facts: [],
        actions: [],
      };
    }
    case 'payout': {
      const ticker = String(p.ticker ?? row.coin).toUpperCase();
      const txid = String(p.txid ?? '');
      const href = context.txLink(String(p.ticker ?? row.coin), txid) ?? undefined;
      return {
        title: formatMessage(m.payoutTitle, { amount: context.amount(String(p.ticker ?? row.coin), String(p.amount)), ticker }),
        paragraphs: [formatMessage(m.payoutBody, where)],
        list: [],
        facts: [
          { label: m.amountLabel, value: `${context.amount(String(p.ticker ?? row.coin), String(p.amount))} ${ticker}` },
          { label: m.txLabel, value: txid, href },
          { label: m.balanceLabel, value: `${context.amount(String(p.ticker ?? row.coin), String(p.balance ?? '0'))} ${ticker}` },
        ],
        actions: [],
      };
    }
    case 'hashrate_low':
    case 'hashrate_back': {
      const low = row.kind === 'hashrate_low';
      return {
        title: low ? m.hashrateLowTitle : m.hashrateBackTitle,
        paragraphs: [
          formatMessage(low ? m.hashrateLowBody : m.hashrateBackBody, {
            ...where,
            current: formatHashrate(Number(p.current)),
            average: formatHashrate(Number(p.average)),
            percent: Number(p.percent),
          }),
        ],
        list: [],
        facts: [],
        actions: [],
      };
    }
    default:
      return { title: row.kind, paragraphs: [], list: [], facts: [], actions: [] };
  }
}

/** The whole message of a row; a digest gets the rows it gathers. */
export function messageParts(context: RenderContext, row: OutboxRow, gathered: readonly OutboxRow[] = []): MessageParts {
  const m = messagesFor(row.locale);
  const where = { address: shortAddress(row.address), coin: row.coin.toUpperCase() };
  const stats = { label: m.openStats, href: statsUrl(context, row) };
  if (row.kind === 'confirm') {
    return {
      title: formatMessage(m.confirmTitle, where),
      paragraphs: [formatMessage(m.confirmBody, { ...where, address: row.address }), m.confirmIgnore],
      list: [],
      facts: [],
      actions: [{ label: m.confirmAction, href: context.link('confirm', row) }],
    };
  }
  if (row.kind === 'digest') {
    const items = gathered.map((item) => {
      const parts = alertParts(context, item, m);
      const when = new Date(item.createdAt).toISOString().slice(11, 16);
      return `${when} UTC: ${parts.title}${parts.list.length > 0 ? ` – ${parts.list.join(', ')}` : ''}`;
    });
    return {
      title: formatMessage(m.digestTitle, { count: gathered.length }),
      paragraphs: [formatMessage(m.digestBody, { ...where, limit: Number(row.payload.limit ?? 0) })],
      list: items,
      facts: [],
      actions: [stats],
    };
  }
  const parts = alertParts(context, row, m);
  return { ...parts, actions: [...parts.actions, stats] };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Both parts of a mail, with the one-click unsubscribe headers of RFC 8058 (not on the confirmation). */
export function renderMail(context: RenderContext, row: OutboxRow, gathered: readonly OutboxRow[] = []): RenderedMail {
  const m = messagesFor(row.locale);
  const parts = messageParts(context, row, gathered);
  const unsubscribe = row.kind === 'confirm' ? null : context.link('unsubscribe', row);
  const footer = formatMessage(m.footer, { address: row.address, coin: row.coin.toUpperCase(), site: context.siteName });
  const text = [
    parts.title,
    '',
    ...parts.paragraphs.flatMap((line) => [line, '']),
    ...(parts.list.length > 0 ? [...parts.list.map((item) => `- ${item}`), ''] : []),
    ...(parts.facts.length > 0 ? [...parts.facts.map((f) => `${f.label}: ${f.value}${f.href ? ` <${f.href}>` : ''}`), ''] : []),
    ...parts.actions.map((a) => `${a.label}: ${a.href}`),
    '',
    '-- ',
    footer,
    ...(unsubscribe ? [`${m.unsubscribe}: ${unsubscribe}`] : []),
  ].join('\n');
  const dir = row.locale === 'fa' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${escapeHtml(row.locale)}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(parts.title)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:36rem;margin:0 auto;padding:1rem">
<h1 style="font-size:1.25rem">${escapeHtml(parts.title)}</h1>
${parts.paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${parts.list.length > 0 ? `<ul>${parts.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
${
  parts.facts.length > 0
    ? `<table>${parts.facts
        .map(
          (f) =>
            `<tr><th style="text-align:start;padding-inline-end:1rem">${escapeHtml(f.label)}</th><td style="word-break:break-all">${
              f.href ? `<a href="${escapeHtml(f.href)}">${escapeHtml(f.value)}</a>` : escapeHtml(f.value)
            }</td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${parts.actions.map((a) => `<p><a href="${escapeHtml(a.href)}">${escapeHtml(a.label)}</a></p>`).join('\n')}
<hr><p style="font-size:.85rem;color:#555">${escapeHtml(footer)}${
    unsubscribe ? ` <a href="${escapeHtml(unsubscribe)}">${escapeHtml(m.unsubscribe)}</a>` : ''
  }</p>
</body></html>`;
  const headers: Record<string, string> = unsubscribe
    ? { 'List-Unsubscribe': `<${context.oneClick(row)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {};
  return { subject: parts.title, text, html, headers };
}

/** A chat message: plain text (links are made clickable by the client), no markup to escape. */
export function renderChat(context: RenderContext, row: OutboxRow, gathered: readonly OutboxRow[] = []): string {
  const parts = messageParts(context, row, gathered);
  return [
    parts.title,
    ...parts.paragraphs,
    ...parts.list.map((item) => `• ${item}`),
    ...parts.facts.map((f) => `${f.label}: ${f.href ?? f.value}`),
    ...parts.actions.map((a) => `${a.label}: ${a.href}`),
  ].join('\n');
}
