/**
 * The pool's own figures named in article text (decision 011): an article writes `{{fee.ltc.pps}}`
 * instead of "2%", and the build fills it from the same content/pools.json the engine reads,
 * so a page can never disagree with the pool. A name that resolves to nothing throws, which
 * fails the build (apps/web/vite-plugins/articles.ts).
 */
import { COINS, isCoinTicker, type CoinTicker } from './coins.ts';
import { fromUnits, type CoinPoolConfig, type PoolConfig } from './pool-config.ts';
import type { CoinContent } from './coin-content.ts';
import { REWARD_SCHEMES, type RewardScheme } from './address.ts';
import type { MergedTicker } from './coins.ts';
import { formatCoinAmount, formatPercent } from './format.ts';

export interface FigureSources {
  pool: PoolConfig;
  coinContent: CoinContent;
  supportEmail: string;
}

export class ArticleFigureError extends Error {
  override name = 'ArticleFigureError';
}

/** 0.015 -> "1.5%": a fee as people read it, exact to the hundredth of a percent, as the pages write it. */
export function percent(fraction: number): string {
  return formatPercent(fraction, 2);
}

/** An amount in an article reads as on the pool's pages: the coin's decimals (decision 002, addendum). */
function amount(units: bigint, unitDecimals: number, ticker: string): string {
  return formatCoinAmount(fromUnits(units, unitDecimals), ticker);
}

function upper(ticker: string): string {
  return ticker.toUpperCase();
}

/** Days (or hours) with at most one decimal: 14, 4.2. */
function oneDecimal(value: number): string {
  return String(Number(value.toFixed(1)));
}

type CoinFigure = (coin: CoinPoolConfig, sources: FigureSources, arg: string | undefined) => string | undefined;

function blockSeconds(sources: FigureSources, coin: CoinTicker): number {
  const seconds = sources.coinContent.coins[coin]?.block_time_seconds;
  if (seconds === undefined) throw new ArticleFigureError(`content/coins.json has no block_time_seconds for ${coin}`);
  return seconds;
}

const COIN_FIGURES: Readonly<Record<string, CoinFigure>> = {
  coin: (c) => COINS[c.coin].name,
  ticker: (c) => upper(c.coin),
  algorithm: (c) => COINS[c.coin].algorithm,
  fee: (c, _s, scheme) =>
    scheme && (REWARD_SCHEMES as readonly string[]).includes(scheme) && c.schemes.includes(scheme as RewardScheme)
      ? percent(c.fees[scheme as RewardScheme])
      : undefined,
  fee_type: (c) => c.feeType,
  min_payout: (c) => amount(c.minPayout, c.unitDecimals, c.coin),
  default_threshold: (c) => amount(c.defaultThreshold, c.unitDecimals, c.coin),
  payout_hours: (c) => (c.payoutSchedule === 'hourly' ? '1' : '24'),
  confirmations: (c) => String(c.confirmations),
  confirmation_hours: (c, s) => oneDecimal((c.confirmations * blockSeconds(s, c.coin)) / 3600),
  confirmation_days: (c, s) => oneDecimal((c.confirmations * blockSeconds(s, c.coin)) / 86400),
  stratum: (c) => c.stratumUrls[0],
  ssl_stratum: (c) => c.sslStratumUrls[0],
  stratum_host: (c) => c.stratumUrls[0]?.replace(/:\d+$/, ''),
  port: (c) => c.stratumUrls[0]?.replace(/^.*:/, ''),
  ssl_port: (c) => c.sslStratumUrls[0]?.replace(/^.*:/, ''),
};

function mergedFigure(sources: FigureSources, field: string, ticker: string): string | undefined {
  const merged = sources.pool.merged.get(ticker as MergedTicker);
  if (!merged) return undefined;
  if (field === 'merged_min') return amount(merged.minPayout, merged.unitDecimals, ticker);
  if (field === 'merged_fee') return percent(merged.feePpm / 1_000_000);
  if (field === 'merged_parent') return merged.parents.map(upper).join(', ');
  return undefined;
}

/** The text a placeholder stands for, or an ArticleFigureError naming what is wrong. */
export function resolveArticleFigure(name: string, sources: FigureSources): string {
  const [field = '', target, arg, extra] = name.split('.');
  let value: string | undefined;
  if (extra === undefined && target === undefined) {
    if (field === 'balance_reset_days') value = String(sources.pool.balanceResetDays);
    else if (field === 'support_email') value = sources.supportEmail;
    else if (field === 'regions')
      value = [
        ...new Set([...sources.pool.coins.values()].flatMap((c) => c.stratumUrls.map((u) => u.split('.')[0]?.split('-').pop()))),
      ].join(', ');
  } else if (extra === undefined && target !== undefined && field.startsWith('merged_')) {
    if (arg === undefined) value = mergedFigure(sources, field, target);
  } else if (extra === undefined && target !== undefined && isCoinTicker(target)) {
    const coin = sources.pool.coins.get(target);
    const figure = COIN_FIGURES[field];
    if (coin && figure && (arg === undefined || field === 'fee')) value = figure(coin, sources, arg);
  }
  if (value === undefined) throw new ArticleFigureError(`{{${name}}} names no pool config value`);
  return value;
}

/** Every `{{name}}` in a text replaced through `fill`; the names found are reported for checks. */
export const PLACEHOLDER = /\{\{\s*([a-z0-9_.-]+)\s*\}\}/g;

export function fillPlaceholders(text: string, fill: (name: string) => string): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => fill(name));
}
