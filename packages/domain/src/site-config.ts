/**
 * The operator's site config (`content/site.json`): which coins the site offers, how they are
 * grouped, and the external links. Parsed once at start-up; a bad file stops the server with
 * the path of the field at fault.
 */
import { z } from 'zod';
import { isCoinTicker, type CoinTicker } from './coins.ts';
import { LOCALE_CODES } from './locales.ts';

const coinTicker = z
  .string()
  .refine(isCoinTicker, { message: 'is not a coin in the registry (packages/domain/src/coins.ts)' })
  .transform((value) => value as CoinTicker);

const url = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

/** A link that may differ per language: `default` for all, and any locale overriding it. */
const localizedUrl = z
  .object({ default: url })
  .extend(
    Object.fromEntries(LOCALE_CODES.map((code) => [code, url.optional()])) as Record<
      (typeof LOCALE_CODES)[number],
      z.ZodOptional<typeof url>
    >,
  )
  .strict();

const socialLink = z
  .object({
    id: z.enum(['telegram', 'discord', 'x', 'youtube', 'reddit', 'github', 'vk', 'medium']),
    url: localizedUrl,
  })
  .strict();

export const siteConfigSchema = z
  .object({
    enabled: z.array(coinTicker).min(1, 'must list at least one coin'),
    private_enabled: z.array(coinTicker),
    groups: z.record(z.string().regex(/^[a-z0-9-]+$/), z.array(coinTicker)),
    /** The group whose coins make the icon strips above the header and in the footer. */
    icon_strip_group: z.string(),
    support_email: z.email({ message: 'must be an e-mail address' }),
    links: z
      .object({
        products: z.object({ miner_app: url, mobile_app: url, monitoring_bot: url }).strict(),
        referral: localizedUrl,
        social: z.array(socialLink),
        forum: url,
        help_translate: url,
        telegram_bot: url,
      })
      .strict(),
  })
  .strict()
  .superRefine((config, ctx) => {
    config.private_enabled.forEach((coin, index) => {
      if (config.enabled.includes(coin)) {
        ctx.addIssue({ code: 'custom', path: ['private_enabled', index], message: `${coin} is already in enabled` });
      }
    });
    if (!Object.hasOwn(config.groups, config.icon_strip_group)) {
      ctx.addIssue({ code: 'custom', path: ['icon_strip_group'], message: 'must name one of groups' });
    }
  });

export type SiteConfig = z.infer<typeof siteConfigSchema>;

export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}

/** Parses raw JSON text; throws SiteConfigError listing every bad field as `path: problem`. */
export function parseSiteConfig(text: string, source = 'content/site.json'): SiteConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new SiteConfigError(`${source}: not valid JSON (${(error as Error).message})`);
  }
  const result = siteConfigSchema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('');
    return `  ${path.replace(/^\./, '') || '(root)'}: ${issue.message}`;
  });
  throw new SiteConfigError(`${source} is invalid:\n${lines.join('\n')}`);
}

/** A coin route is valid for public and private coins (spec section 5). */
export function isCoinReachable(config: SiteConfig, coin: string): coin is CoinTicker {
  return isCoinTicker(coin) && (config.enabled.includes(coin) || config.private_enabled.includes(coin));
}

export function localizedLink(link: { default: string } & Partial<Record<string, string>>, locale: string): string {
  return (Object.hasOwn(link, locale) ? link[locale] : undefined) ?? link.default;
}
