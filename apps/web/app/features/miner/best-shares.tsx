import { formatDifficulty, formatPercent } from '@openpool/domain/format';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { isolatedText } from '~/shared/ltr';
import { Figure } from '~/shared/panel';
import { relativeTime } from '~/shared/relative-time';

interface Best {
  difficulty: number;
  at: number;
}

/**
 * Best shares (decision 023): the hardest share of the current round and of all time against
 * the network difficulty, the number solo and small-device miners watch.
 */
export function BestShares({
  round,
  allTime,
  network,
  roundStarted,
  now,
  testId,
}: {
  round: Best | null;
  allTime: Best | null;
  network: number | null;
  roundStarted: number | null;
  now: number;
  testId: string;
}) {
  const t = useT();
  const locale = useLocale();
  // Under each best share: what part of the network difficulty it reached.
  const ofNetwork = (best: Best | null) =>
    best && network ? formatPercent(best.difficulty / network, best.difficulty / network < 0.01 ? 4 : 2) : null;
  return (
    <div data-testid={testId}>
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
        <Figure
          label={t('best.round')}
          value={round ? formatDifficulty(round.difficulty) : '—'}
          detail={ofNetwork(round)}
          testId={`${testId}-round`}
        />
        <Figure
          label={t('best.allTime')}
          value={allTime ? formatDifficulty(allTime.difficulty) : '—'}
          detail={ofNetwork(allTime)}
          testId={`${testId}-all-time`}
        />
        <Figure label={t('best.network')} value={network ? formatDifficulty(network) : '—'} testId={`${testId}-network`} />
      </dl>
      {roundStarted !== null ? (
        <p className="mt-2 text-xs text-ink-muted">
          {t('best.since', { time: isolatedText(relativeTime(roundStarted, now, locale.iso)) })}
        </p>
      ) : null}
      {network ? <p className="mt-1 text-xs text-ink-muted">{t('best.percentNote')}</p> : null}
      {allTime === null ? <p className="mt-2 text-sm text-ink-muted">{t('best.none')}</p> : null}
      <p className="mt-2 text-xs text-ink-muted">{t('best.explain')}</p>
    </div>
  );
}
