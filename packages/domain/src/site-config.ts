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

/** A text that may differ per language; an empty `default` with no override hides it. */
const localizedTextSchema = z
  .object({ default: z.string().max(300) })
  .extend(
    Object.fromEntries(LOCALE_CODES.map((code) => [code, z.string().max(300).optional()])) as Record<
      (typeof LOCALE_CODES)[number],
      z.ZodOptional<z.ZodString>
    >,
  )
  .strict();

import { REGIONAL_PARTS } from './site-links.ts';
export { REGIONAL_PARTS, type RegionalPart } from './site-links.ts';

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
    /** Sitewide alert banner: hidden when the text for the visitor's language is empty. */
    alert: z
      .object({
        text: localizedTextSchema,
        link: localizedUrl.optional(),
        /** When the announced window ends (ISO 8601 with its offset): from then on no banner. */
        ends_at: z.iso.datetime({ offset: true }).optional(),
      })
      .strict(),
    /** Parts of the header and menu shown only in some languages, e.g. products in en, ru, uk. */
    regional: z
      .object({
        locales: z.array(z.enum(LOCALE_CODES)).min(1),
        parts: z.array(z.enum(REGIONAL_PARTS)),
      })
      .strict(),
    /** Availability labels on coin cards. */
    coin_labels: z.partialRecord(z.string(), z.enum(['coming_soon', 'new'])),
    /**
     * Third-party integrations; each is off when absent, and the CSP allows
     * its origin only when it is on.
     */
    integrations: z
      .object({
        /** The main provider host's profile call, `GET {profile_base}/api/v2/profile`, with credentials. */
        profile_base: url.optional(),
        analytics: z
          .object({ script: url, id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) })
          .strict()
          .optional(),
        /** Metrics counter: an image beacon hit with `?page=` on every navigation. */
        metrics: z.object({ endpoint: url }).strict().optional(),
        /** Sentry-compatible DSN for the error reporter. */
        error_reporter: z.object({ dsn: url }).strict().optional(),
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
    for (const coin of Object.keys(config.coin_labels)) {
      if (!isCoinTicker(coin))
        ctx.addIssue({ code: 'custom', path: ['coin_labels', coin], message: 'is not a coin in the registry' });
    }
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

/** A coin route is valid for public and private coins. */

export {
  alertIsOver,
  isCoinReachable,
  localizedLink,
  localizedText,
  localizedTextOrFallback,
  showsRegionalPart,
} from './site-links.ts';
