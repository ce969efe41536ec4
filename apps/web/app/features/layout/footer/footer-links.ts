/**
 * What the footer links to (decision 005), apart from the pools and
 * social links: plain data, so the rules (regional products, the ru-only forum, the support
 * article's language) are tested without rendering.
 */
import { sitePaths } from '@openpool/domain/paths';
import type { LocaleCode } from '@openpool/domain/locales';
import { SUPPORT_ARTICLE_LANGUAGES } from '@openpool/domain/routes';
import { showsRegionalPart } from '@openpool/domain/site-links';
import type { MessageId } from '~/i18n/use-t';
import type { SiteSettings } from '~/platform/site-settings';

export type FooterLink = { label: MessageId } & ({ to: string; href?: never } | { href: string; to?: never });

export interface FooterColumn {
  id: 'products' | 'resources' | 'hardware' | 'help';
  title: MessageId;
  links: FooterLink[];
}

/** The spec shows the forum to ru only. */
const FORUM_LOCALES: readonly LocaleCode[] = ['ru'];

/** `/articles/get-support-{ru|uk|en}`: the support article in the visitor's language, else English. */
export function supportArticlePath(locale: LocaleCode): string {
  const language = (SUPPORT_ARTICLE_LANGUAGES as readonly string[]).includes(locale) ? locale : 'en';
  return sitePaths.supportArticle(language);
}

/** The link columns other than Pools, in the spec's order around it: Products, Resources, Hardware | Help Center. */
export function footerColumns(settings: Pick<SiteSettings, 'links' | 'regional'>, locale: LocaleCode): FooterColumn[] {
  const { products, forum } = settings.links;
  const columns: FooterColumn[] = [];
  if (showsRegionalPart(settings, 'products', locale)) {
    columns.push({
      id: 'products',
      title: 'footer.products',
      links: [
        { label: 'footer.minerApp', href: products.miner_app },
        { label: 'footer.mobileApp', href: products.mobile_app },
        { label: 'footer.monitoringBot', href: products.monitoring_bot },
      ],
    });
  }
  columns.push(
    {
      id: 'resources',
      title: 'footer.resources',
      links: [
        { label: 'nav.knowledgeBase', to: '/articles' },
        { label: 'nav.about', to: '/about' },
        { label: 'footer.mergeMining', to: '/merge' },
        { label: 'apiPage.title', to: '/api' },
        { label: 'watchlist.title', to: '/watchlist' },
        ...(FORUM_LOCALES.includes(locale) ? [{ label: 'footer.forum' as const, href: forum }] : []),
      ],
    },
    {
      id: 'hardware',
      title: 'nav.hardware',
      links: [
        { label: 'nav.asic', to: '/device/asic' },
        { label: 'nav.cpu', to: '/device/cpu' },
        { label: 'nav.gpu', to: '/device/gpu' },
      ],
    },
    {
      id: 'help',
      title: 'footer.helpCenter',
      links: [
        { label: 'footer.support', to: supportArticlePath(locale) },
        { label: 'nav.knowledgeBase', to: '/articles' },
        { label: 'nav.comparePools', to: '/compare-mining-pools' },
      ],
    },
  );
  return columns;
}

/** How many pools the footer names in full before the rest go into the compact list. */
export const FOOTER_MAIN_POOLS = 10;
