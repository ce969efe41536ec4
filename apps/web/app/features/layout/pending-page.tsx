import type { ReactNode } from 'react';
import { useT } from '~/i18n/use-t';

/** A page whose data is not wired yet says so, instead of showing invented figures. */
export function PendingPage({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <section>
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {children}
      <p className="mt-4 rounded-md border border-dashed border-line p-4 text-ink-muted" data-testid="pending-note">
        {t('page.pending')}
      </p>
    </section>
  );
}
