import { formatInteger, formatPercentOf } from '@openpool/domain/format';
import type { WindowQuality } from '@openpool/domain/share-quality';
import { useT } from '~/i18n/use-t';
import { WindowTable } from './window-table';
import { isolatedText, Ltr } from '~/shared/ltr';

type Windows = { '1h': WindowQuality; '24h': WindowQuality };

const KINDS = [
  ['miner.shares.valid', 'valid', null],
  ['miner.shares.stale', 'stale', 'stale_rate'],
  ['miner.shares.invalid', 'invalid', 'invalid_rate'],
] as const;

/** The valid part of the work: what the stale and invalid parts leave. */
function validRate(window: WindowQuality): number | null {
  return window.stale_rate === null ? null : 1 - window.stale_rate - (window.invalid_rate ?? 0);
}

function Cell({ window, kind, rate }: { window: WindowQuality; kind: 'valid' | 'stale' | 'invalid'; rate: number | null }) {
  return (
    <td className="py-1.5 pe-3 tabular-nums">
      <Ltr>{formatInteger(window[kind])}</Ltr>
      <span className="ms-1 text-xs text-ink-muted">
        <Ltr>{formatPercentOf('rate', rate)}</Ltr>
      </span>
    </td>
  );
}

/**
 * Share quality (decision 023): valid, stale and invalid shares with their rates over the
 * last complete hour and 24 hours, the pool's rates beside them, and, for a worker whose stale
 * rate is far above the pool's, what to check.
 */
export function ShareQualityTable({ own, pool, hint, testId }: { own: Windows; pool: Windows; hint: boolean; testId: string }) {
  const t = useT();
  const rateOf = (window: WindowQuality, key: (typeof KINDS)[number][2]) => (key === null ? validRate(window) : window[key]);
  return (
    <div data-testid={testId}>
      <WindowTable
        label={t('quality.title')}
        corner={t('quality.kind')}
        columns={[t('quality.lastHour'), t('quality.last24h'), t('quality.pool24h')]}
      >
        {KINDS.map(([label, kind, rateKey]) => (
          <tr key={kind} className="border-t border-line" data-testid={`${testId}-${kind}`}>
            <th scope="row" className="py-1.5 pe-3 text-start font-normal whitespace-nowrap text-ink-muted">
              {t(label)}
            </th>
            <Cell window={own['1h']} kind={kind} rate={rateOf(own['1h'], rateKey)} />
            <Cell window={own['24h']} kind={kind} rate={rateOf(own['24h'], rateKey)} />
            <td className="py-1.5 tabular-nums">
              <Ltr>{formatPercentOf('rate', rateOf(pool['24h'], rateKey))}</Ltr>
            </td>
          </tr>
        ))}
      </WindowTable>
      <p className="mt-2 text-xs text-ink-muted">{t('quality.windows')}</p>
      {hint ? (
        <p
          role="note"
          className="mt-2 rounded-lg border border-amber-500/60 bg-amber-500/10 p-2 text-sm"
          data-testid={`${testId}-hint`}
        >
          {t('quality.staleHint', {
            own: isolatedText(formatPercentOf('rate', own['24h'].stale_rate)),
            pool: isolatedText(formatPercentOf('rate', pool['24h'].stale_rate)),
          })}
        </p>
      ) : null}
    </div>
  );
}
