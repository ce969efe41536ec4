import { useT } from '~/i18n/use-t';
import { useCoin, useCoinInfo } from '~/features/pool/coin-context';

/** `/{coin}/about-coin`: what the coin is, from content/coins.json. */
export default function Page() {
  const t = useT();
  const coin = useCoin();
  const info = useCoinInfo();
  return (
    <article className="rounded-xl border border-line bg-surface-raised p-4 sm:p-6">
      <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{t('page.coin.aboutCoin', { name: coin.name })}</h1>
      {info ? (
        <>
          {/* Descriptions are written in English (content/coins.json); marked so for screen readers,
              and left to right in a right-to-left page, or the last sentence's full stop stood first. */}
          <p className="mt-3 max-w-3xl leading-relaxed" lang="en" dir="auto" data-testid="about-description">
            {info.description}
          </p>
          <dl className="mt-6 grid max-w-3xl gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Item label={t('about.algorithm')} value={coin.algorithm} />
            <Item label={t('about.launched')} value={String(info.launched)} />
            <Item label={t('about.blockTime')} value={t('about.seconds', { count: info.block_time_seconds })} />
            <Item label={t('about.blockReward')} value={info.block_reward} lang="en" />
          </dl>
          <h2 className="mt-6 text-base font-semibold">{t('about.links')}</h2>
          <ul className="mt-2 flex flex-wrap gap-3 text-sm">
            {info.website ? (
              <li>
                <a href={info.website} target="_blank" rel="noopener noreferrer" className="text-accent hover:underline">
                  {t('about.website')}
                </a>
              </li>
            ) : null}
            {info.explorer ? (
              <li>
                <a href={info.explorer.home} target="_blank" rel="noopener noreferrer" className="text-accent hover:underline">
                  {t('about.explorer')}
                </a>
              </li>
            ) : null}
          </ul>
        </>
      ) : (
        <p className="mt-3 text-ink-muted">{t('common.nothingFound')}</p>
      )}
    </article>
  );
}

/**
 * A fact in the page's language, or in the content's (`lang`): that one is isolated with its own
 * direction, or in Persian '6.250000 LTC (halves every 840 000 blocks)' read
 * 'LTC (halves every 840 000 blocks) 6.250000'.
 */
function Item({ label, value, lang }: { label: string; value: string; lang?: string }) {
  return (
    <div className="flex justify-between gap-3 border-b border-line pb-2">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-end font-medium">
        {lang ? (
          <bdi lang={lang} dir="auto">
            {value}
          </bdi>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}
