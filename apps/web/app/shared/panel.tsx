import type { ReactNode } from 'react';
import { useT } from '~/i18n/use-t';
import { Isolated, Ltr } from '~/shared/ltr';

/** A titled card (the miner and worker pages), shrinkable inside a grid (phones: no overflow). */
export function Panel({
  title,
  className = '',
  testId,
  children,
}: {
  title: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={`min-w-0 rounded-xl border border-line bg-surface-raised p-4 ${className}`} data-testid={testId}>
      <h2 className="mb-3 text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * A labelled figure; `detail` is a second line (the amount in the selected currency, a
 * percentage). A figure in the page's words ('5 minutes ago') is `words`: isolated, but in
 * its own direction; any other is left to right (decision 002, addendum).
 */
export function Figure({
  label,
  value,
  detail,
  words = false,
  testId,
}: {
  label: string;
  value: string;
  detail?: string | null;
  words?: boolean;
  testId: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-base font-semibold tabular-nums" data-testid={testId}>
        {words ? <Isolated>{value}</Isolated> : <Ltr>{value}</Ltr>}
      </dd>
      {detail ? (
        <dd className="text-xs tabular-nums text-ink-muted" data-testid={`${testId}-detail`}>
          <Ltr>{detail}</Ltr>
        </dd>
      ) : null}
    </div>
  );
}

/**
 * 'Nothing found' for an address or worker the pool never saw. The page keeps the site's
 * frame and search (so the visitor can correct the address) while the route answers 404.
 */
export function NothingFound({ hint }: { hint: string }) {
  const t = useT();
  return (
    <section className="rounded-xl border border-dashed border-line p-6 text-center" data-testid="nothing-found">
      <h1 className="text-xl font-bold">{t('common.nothingFound')}</h1>
      <p className="mx-auto mt-2 max-w-prose text-sm text-ink-muted">{hint}</p>
    </section>
  );
}
