/**
 * The floating button to the monitoring bot in Telegram (spec section 2; issue 3, item 10), at
 * the bottom inline-start corner (the scroll-to-top button takes the end corner). Shown only
 * where the regional rule for 'telegram_bot' allows.
 */
import { showsRegionalPart } from '@openpool/domain/site-links';
import { useLocale } from '~/features/i18n/use-locale';
import { useT } from '~/features/i18n/use-t';
import { useSiteSettings } from '~/shared/site-settings';
import { TelegramGlyph } from './footer/social-icons';

export function TelegramButton() {
  const t = useT();
  const locale = useLocale();
  const settings = useSiteSettings();
  if (!settings || !showsRegionalPart(settings, 'telegram_bot', locale.code)) return null;
  const label = t('telegram.button');
  return (
    <a
      href={settings.links.telegram_bot}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      data-testid="telegram-button"
      className="fixed start-6 bottom-6 z-40 grid size-12 place-items-center rounded-full bg-[#0077b6] text-white shadow-lg ring-1 shadow-black/20 ring-black/5 transition hover:scale-105 hover:bg-[#00669c] focus-visible:scale-105 motion-reduce:transition-none motion-reduce:hover:scale-100 print:hidden dark:ring-white/15"
    >
      <TelegramGlyph className="size-6" />
    </a>
  );
}
