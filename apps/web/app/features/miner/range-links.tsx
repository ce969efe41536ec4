import { Link, useSearchParams } from 'react-router';
import { useT } from '~/features/i18n/use-t';

const RANGES = [
  ['24h', 'chart.range.24h'],
  ['7d', 'chart.range.7d'],
] as const;

/** 24 h / 7 d as links (`?range=`), so they work without JavaScript (decision 005). */
export function RangeLinks({ range }: { range: string }) {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <nav aria-label={t('chart.rangeLabel')} className="flex gap-1 rounded-lg border border-line p-1 text-sm">
      {RANGES.map(([value, label]) => {
        const next = new URLSearchParams(params);
        next.set('range', value);
        return (
          <Link
            key={value}
            to={{ search: `?${next.toString()}` }}
            replace
            preventScrollReset
            aria-current={value === range ? 'true' : undefined}
            className="rounded-md px-3 py-1 text-ink-muted hover:text-ink aria-[current]:bg-accent aria-[current]:font-semibold aria-[current]:text-accent-ink"
          >
            {t(label)}
          </Link>
        );
      })}
    </nav>
  );
}
