import { sitePaths } from '@openpool/domain/paths';
import { dateTimeFormat } from '@openpool/domain/intl';
import { formatDifficulty, formatHashrate, formatInteger } from '@openpool/domain/format';
import { LocaleLink } from '~/shared/locale-link';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { Isolated, Ltr } from '~/shared/ltr';
import { useWorkerWatch } from './use-worker-watch';

/** The live part of /test: waiting with hints, then the first share and the worker's figures. */
export function ConnectionWatch({ coin, address, worker }: { coin: string; address: string; worker: string }) {
  const t = useT();
  const locale = useLocale();
  const state = useWorkerWatch(coin, address, worker);
  // A share of the same day as `reference` shows its time; an older one (a returning worker's
  // first share, an address's last share of last week) its date too.
  const time = (ms: number, reference = ms) =>
    dateTimeFormat(
      locale.iso,
      reference - ms < 86_400_000 ? { timeStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' },
    ).format(new Date(ms));
  if (!state || state.kind === 'waiting') {
    return (
      <div className="mt-6 rounded-lg border border-line bg-surface-raised p-4" data-testid="conn-waiting">
        <p role="status" className="flex items-center gap-2 font-semibold">
          <span className="inline-block size-2.5 animate-pulse rounded-full bg-amber-500" aria-hidden="true" />
          {t('connTest.waiting', { worker: worker || t('connTest.anyWorker') })}
        </p>
        {state?.unreachable ? <p className="mt-2 text-sm text-ink-muted">{t('connTest.unreachable')}</p> : null}
        {state && state.otherWorkers.length > 0 ? (
          <p className="mt-2 text-sm font-medium text-amber-700 dark:text-amber-400" data-testid="conn-other-workers">
            {t('connTest.otherWorkers', { workers: state.otherWorkers.join(', ') })}
          </p>
        ) : null}
        {state?.lastSeen ? (
          <p className="mt-2 text-sm" data-testid="conn-last-seen">
            {t('connTest.lastSeen', { time: time(state.lastSeen, state.since) })}
          </p>
        ) : null}
        <p className="mt-3 text-sm">{t('connTest.hintsTitle')}</p>
        <ul className="mt-1 list-disc space-y-1 ps-5 text-sm text-ink-muted">
          <li>
            <LocaleLink to={sitePaths.coin(coin)} className="text-accent hover:underline">
              {t('connTest.hintServer')}
            </LocaleLink>
          </li>
          <li>{t('connTest.hintLogin')}</li>
          <li>{t('connTest.hintLog')}</li>
          <li>{t('connTest.hintStartup')}</li>
          <li>{t('connTest.hintCoin')}</li>
          <li>{t('connTest.hintFirewall')}</li>
        </ul>
      </div>
    );
  }
  return (
    <div className="mt-6 rounded-lg border border-line bg-surface-raised p-4" data-testid="conn-connected">
      <p role="status" className="flex items-center gap-2 font-semibold">
        <span
          className={`inline-block size-2.5 rounded-full ${state.online ? 'bg-green-600' : 'bg-red-600'}`}
          aria-hidden="true"
        />
        {t('connTest.connected', { worker: state.worker })}
      </p>
      {state.online ? null : <p className="mt-2 text-sm">{t('connTest.offline')}</p>}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <Figure
          label={t('connTest.firstShare')}
          value={time(state.firstShare, state.lastShare)}
          testId="conn-first-share"
          isolated
        />
        {state.firstDifficulty !== null ? (
          <Figure
            label={t('connTest.firstDifficulty')}
            value={formatDifficulty(state.firstDifficulty)}
            testId="conn-first-difficulty"
            ltr
          />
        ) : null}
        <Figure
          label={t('connTest.hashrate')}
          value={
            state.hashrate > 0
              ? formatHashrate(state.hashrate)
              : t(state.awaitingSecondShare ? 'connTest.hashrateSecondShare' : 'connTest.hashratePending')
          }
          testId="conn-hashrate"
          ltr={state.hashrate > 0}
        />
        <Figure label={t('connTest.lastShare')} value={time(state.lastShare)} isolated />
        {state.currentDifficulty !== null ? (
          <Figure label={t('connTest.currentDifficulty')} value={formatDifficulty(state.currentDifficulty)} ltr />
        ) : null}
        {/* Share counts come from complete 10-minute windows: none yet right after the first share. */}
        {/* Two figures, not 'accepted / rejected' over '256 / 6': in fa the label's pair reads right
            to left and the numbers' left to right, so each number stood under the other's word. */}
        {state.valid + state.rejected > 0 ? (
          <>
            <Figure label={t('connTest.accepted24h')} value={formatInteger(state.valid)} testId="conn-accepted" ltr />
            <Figure label={t('connTest.rejected24h')} value={formatInteger(state.rejected)} testId="conn-rejected" ltr />
          </>
        ) : null}
      </dl>
      <LocaleLink to={sitePaths.miner(coin, 'stats', address)} className="mt-4 inline-block text-accent hover:underline">
        {t('connTest.openStats')}
      </LocaleLink>
    </div>
  );
}

/**
 * `ltr`: a figure with a unit ('65.54 K', '1.2 TH/s') that would read backwards in Persian;
 * `isolated`: a time in the page's words, kept apart from its neighbours in its own direction.
 */
function Figure({
  label,
  value,
  testId,
  ltr = false,
  isolated = false,
}: {
  label: string;
  value: string;
  testId?: string;
  ltr?: boolean;
  isolated?: boolean;
}) {
  return (
    <div data-testid={testId}>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium tabular-nums">{ltr ? <Ltr>{value}</Ltr> : isolated ? <Isolated>{value}</Isolated> : value}</dd>
    </div>
  );
}
