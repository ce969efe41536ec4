import { sitePaths } from '@openpool/domain/paths';
import type { Coin } from '@openpool/domain/coins';
import { LocaleLink } from '~/shared/locale-link';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';

/** The support article exists in these languages (decision 011); others read the English one. */
const SUPPORT_ARTICLE_LANGS = ['ru', 'uk', 'en'];

/**
 * What an e-mail-style account is (an address with '@' or starting with
 * 'krx' is redirected here) and where its statistics live. No product-site URL is invented:
 * the page names the dashboard and links the pool's own support article.
 */
export function EmailAccountInfo({ coin }: { coin: Coin }) {
  const t = useT();
  const locale = useLocale();
  const articleLang = SUPPORT_ARTICLE_LANGS.includes(locale.code) ? locale.code : 'en';
  return (
    <div className="flex max-w-2xl flex-col gap-3 leading-relaxed" data-testid="email-account-info">
      <p>{t('email.what')}</p>
      <p>{t('email.where')}</p>
      <p className="text-ink-muted">{t('email.wallet', { coin: coin.name })}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-2">
        <LocaleLink to={sitePaths.supportArticle(articleLang)} className="font-medium text-accent hover:underline">
          {t('email.support')}
        </LocaleLink>
        <LocaleLink to={`/${coin.ticker}`} className="font-medium text-accent hover:underline">
          {t('email.backToPool', { coin: coin.name })}
        </LocaleLink>
      </p>
    </div>
  );
}
