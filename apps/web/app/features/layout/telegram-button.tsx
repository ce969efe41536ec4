/**
 * The button to the monitoring bot in Telegram (decision 005). It floats at
 * the bottom inline-start corner (the scroll-to-top button takes the end corner) only where the
 * page has a margin wide enough for it beside the content (1400 px and wider: the content is
 * 1280 px); narrower, it sits after the page's content, with its words, so it never covers a
 * card label, a figure or a footer. Shown only where the regional rule for
 * 'telegram_bot' allows.
 */
import { showsRegionalPart } from '@openpool/domain/site-links';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { useSiteSettings } from '~/platform/site-settings';
import { TelegramGlyph } from './footer/social-icons';

export function TelegramButton() {
  const t = useT();
  const locale = useLocale();
  const settings = useSiteSettings();
  if (!settings || !showsRegionalPart(settings, 'telegram_bot', locale.code)) return null;
  const label = t('telegram.button');
  return (
    <div className="mx-auto w-full max-w-7xl px-4 pb-8 print:hidden min-[1400px]:contents">
      <a
        href={settings.links.telegram_bot}
        target="_blank"
        rel="noopener noreferrer"
        title={label}
        data-testid="telegram-button"
        className="inline-flex min-h-12 items-center gap-2 rounded-full bg-[#0077b6] py-2 ps-3 pe-4 text-sm font-medium text-white shadow-sm transition hover:bg-[#00669c] motion-reduce:transition-none min-[1400px]:fixed min-[1400px]:start-6 min-[1400px]:bottom-6 min-[1400px]:z-40 min-[1400px]:grid min-[1400px]:size-12 min-[1400px]:place-items-center min-[1400px]:p-0 min-[1400px]:shadow-lg min-[1400px]:ring-1 min-[1400px]:shadow-black/20 min-[1400px]:ring-black/5 min-[1400px]:hover:scale-105 min-[1400px]:focus-visible:scale-105 min-[1400px]:motion-reduce:hover:scale-100 min-[1400px]:dark:ring-white/15"
      >
        <TelegramGlyph className="size-6 shrink-0" />
        <span className="min-[1400px]:sr-only">{label}</span>
      </a>
    </div>
  );
}
