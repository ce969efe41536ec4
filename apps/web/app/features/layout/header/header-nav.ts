/**
 * What the header offers, shared by the desktop dropdowns and the mobile menu (decision
 * 005): the three groups and the referral entry, with the regional rule of site config
 * applied (Products and the referral link show only in the configured languages).
 */
import { sitePaths } from '@openpool/domain/paths';
import { localizedLink, showsRegionalPart } from '@openpool/domain/site-links';
import { SUPPORT_ARTICLE_LANGUAGES } from '@openpool/domain/routes';
import type { LocaleCode } from '@openpool/domain/locales';
import { useLocale } from '~/i18n/use-locale';
import type { MessageId } from '~/i18n/use-t';
import { useSiteSettings } from '~/platform/site-settings';

export interface HeaderLink {
  label: MessageId;
  hint: MessageId;
  /** An absolute URL when `external`, else an unprefixed site path (LocaleLink adds the prefix). */
  href: string;
  external: boolean;
}

export interface HeaderGroup {
  id: 'products' | 'hardware' | 'help';
  label: MessageId;
  links: readonly HeaderLink[];
}

export interface HeaderNav {
  groups: readonly HeaderGroup[];
  referralUrl: string | null;
  helpTranslateUrl: string | null;
}

/** The support article exists in ru, uk and en; every other language reads the English one. */
export function supportArticlePath(locale: LocaleCode): string {
  const language = (SUPPORT_ARTICLE_LANGUAGES as readonly string[]).includes(locale) ? locale : 'en';
  return sitePaths.supportArticle(language);
}

export function useHeaderNav(): HeaderNav {
  const settings = useSiteSettings();
  const locale = useLocale().code;
  const groups: HeaderGroup[] = [];
  if (settings && showsRegionalPart(settings, 'products', locale)) {
    const { miner_app, mobile_app, monitoring_bot } = settings.links.products;
    groups.push({
      id: 'products',
      label: 'header.group.products',
      links: [
        { label: 'header.link.minerApp', hint: 'header.link.minerAppHint', href: miner_app, external: true },
        { label: 'header.link.mobileApp', hint: 'header.link.mobileAppHint', href: mobile_app, external: true },
        { label: 'header.link.monitoringBot', hint: 'header.link.monitoringBotHint', href: monitoring_bot, external: true },
      ],
    });
  }
  groups.push(
    {
      id: 'hardware',
      label: 'nav.hardware',
      links: [
        { label: 'nav.asic', hint: 'header.link.asicHint', href: '/device/asic', external: false },
        { label: 'nav.cpu', hint: 'header.link.cpuHint', href: '/device/cpu', external: false },
        { label: 'nav.gpu', hint: 'header.link.gpuHint', href: '/device/gpu', external: false },
      ],
    },
    {
      id: 'help',
      label: 'header.group.helpCenter',
      links: [
        { label: 'header.link.support', hint: 'header.link.supportHint', href: supportArticlePath(locale), external: false },
        { label: 'nav.knowledgeBase', hint: 'header.link.knowledgeBaseHint', href: '/articles', external: false },
      ],
    },
  );
  const showsReferral = settings !== undefined && showsRegionalPart(settings, 'referral', locale);
  return {
    groups,
    referralUrl: showsReferral ? localizedLink(settings.links.referral, locale) : null,
    helpTranslateUrl: settings?.links.help_translate ?? null,
  };
}
