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

export function localizedLink(link: { default: string } & Partial<Record<string, string>>, locale: string): string {
  return (Object.hasOwn(link, locale) ? link[locale] : undefined) ?? link.default;
}
