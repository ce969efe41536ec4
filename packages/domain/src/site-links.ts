/**
 * Reading the site config in the browser: which coins are reachable, regional header parts,
 * per-locale texts and links. No zod here (the schema in site-config.ts runs on the server).
 */
import { isCoinTicker, type CoinTicker } from './coins.ts';

/** Header and menu parts that can be limited to some languages (decision 005). */
export const REGIONAL_PARTS = ['products', 'referral', 'telegram_bot'] as const;
export type RegionalPart = (typeof REGIONAL_PARTS)[number];

export function isCoinReachable(
  config: { enabled: readonly string[]; private_enabled: readonly string[] },
  coin: string,
): coin is CoinTicker {
  return isCoinTicker(coin) && (config.enabled.includes(coin) || config.private_enabled.includes(coin));
}

/** Whether a regional header part shows in this locale. */
export function showsRegionalPart(
  config: { regional: { locales: readonly string[]; parts: readonly string[] } },
  part: RegionalPart,
  locale: string,
): boolean {
  return !config.regional.parts.includes(part) || config.regional.locales.includes(locale);
}

export function localizedText(text: { default: string } & Partial<Record<string, string>>, locale: string): string {
  return (text[locale] ?? text.default).trim();
}

/**
 * The operator's text for a locale, and whether it is the default's stand-in (a locale with no
 * text of its own, English excepted: the default is written in English). The banner says so.
 */
export function localizedTextOrFallback(
  text: { default: string } & Partial<Record<string, string>>,
  locale: string,
): { text: string; fallback: boolean } {
  const own = text[locale];
  if (own !== undefined) return { text: own.trim(), fallback: false };
  return { text: text.default.trim(), fallback: locale !== 'en' };
}

/** An announcement with an end (`ends_at`, ISO 8601) is over from that moment on (decision 027). */
export function alertIsOver(alert: { ends_at?: string | undefined }, nowMs: number): boolean {
  if (!alert.ends_at) return false;
  const end = Date.parse(alert.ends_at);
  return Number.isFinite(end) && nowMs >= end;
}

export function localizedLink(link: { default: string } & Partial<Record<string, string>>, locale: string): string {
  return (Object.hasOwn(link, locale) ? link[locale] : undefined) ?? link.default;
}
