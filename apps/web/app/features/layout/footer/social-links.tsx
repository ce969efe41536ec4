import { localizedLink } from '@openpool/domain/site-links';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { useSiteSettings } from '~/platform/site-settings';
import { SOCIAL_NETWORK_NAMES, SocialGlyph } from './social-icons';

/** The pool's social accounts; a locale may have its own (e.g. the ru Telegram channel). */
export function SocialLinks() {
  const t = useT();
  const locale = useLocale();
  const social = useSiteSettings()?.links.social ?? [];
  if (social.length === 0) return null;
  return (
    <ul aria-label={t('footer.social')} className="flex flex-wrap gap-2" data-testid="footer-social">
      {social.map(({ id, url }) => (
        <li key={id}>
          <a
            href={localizedLink(url, locale.code)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t('footer.socialLink', { network: SOCIAL_NETWORK_NAMES[id] })} ${t('footer.newTab')}`}
            data-network={id}
            className="grid size-10 place-items-center rounded-full border border-line bg-surface text-ink-muted transition-colors hover:border-ink-muted hover:text-ink"
          >
            <SocialGlyph network={id} />
          </a>
        </li>
      ))}
    </ul>
  );
}
