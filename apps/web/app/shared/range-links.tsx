import type { ChartRange } from '@openpool/domain/api-constants';
import { Link, useSearchParams } from 'react-router';
import { useT, type MessageId } from '~/i18n/use-t';

const RANGE_LABEL: Record<ChartRange, MessageId> = {
  '24h': 'chart.range.24h',
  '7d': 'chart.range.7d',
  '30d': 'chart.range.30d',
  '1y': 'chart.range.1y',
};

/**
 * The range choices of a chart (`?range=`, the other query parameters kept) as links, so they
 * work without JavaScript (decision 005): 24 h to 1 y on the coin charts, 24 h and 7 d on
 * the miner pages.
 */
export function RangeLinks({ ranges, range }: { ranges: readonly ChartRange[]; range: ChartRange }) {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <nav aria-label={t('chart.rangeLabel')} className="flex flex-wrap gap-1 rounded-lg border border-line p-1 text-sm">
      {ranges.map((value) => {
        const next = new URLSearchParams(params);
        next.set('range', value);
        return (
          <Link
            key={value}
            to={{ search: `?${next.toString()}` }}
            replace
            preventScrollReset
            aria-current={value === range ? 'true' : undefined}
            className="rounded-md px-3 py-1 whitespace-nowrap text-ink-muted hover:text-ink aria-[current]:bg-accent aria-[current]:font-semibold aria-[current]:text-accent-ink"
          >
            {t(RANGE_LABEL[value])}
          </Link>
        );
      })}
    </nav>
  );
}
