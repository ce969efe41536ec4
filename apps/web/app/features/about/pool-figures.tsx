import { formatInteger } from '@openpool/domain/format';
import { useT } from '~/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import type { PoolTotals } from './about-api.server';

/** The live totals of /about: pools, miners, workers and blocks in the last 24 hours. */
export function PoolTotalsList({ totals }: { totals: PoolTotals }) {
  const t = useT();
  const items = [
    ['aboutPool.pools', totals.pools],
    ['aboutPool.miners', totals.miners],
    ['aboutPool.workers', totals.workers],
    ['aboutPool.blocks24h', totals.blocks24h],
  ] as const;
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="pool-totals">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-line bg-surface-raised p-3">
          <dt className="text-sm text-ink-muted">{t(label)}</dt>
          <dd className="mt-1 text-xl font-bold tabular-nums">
            <Ltr>{formatInteger(value)}</Ltr>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Unavailable() {
  const t = useT();
  return (
    <p
      role="status"
      className="mt-3 rounded-md border border-dashed border-line p-3 text-ink-muted"
      data-testid="live-unavailable"
    >
      {t('aboutPool.unavailable')}
    </p>
  );
}
