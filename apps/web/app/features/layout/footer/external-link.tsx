import type { ReactNode } from 'react';
import { useT } from '~/features/i18n/use-t';

/** The small arrow after a link that leaves the site; decorative, the words say it. */
export function ExternalMark() {
  return (
    <svg
      viewBox="0 0 12 12"
      aria-hidden="true"
      focusable="false"
      className="ms-1 inline-block size-3 shrink-0 self-center opacity-70 rtl:-scale-x-100"
    >
      <path
        d="M4.5 2.5h5v5M9.5 2.5 3 9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A link to another site, in a new tab, that says so to screen readers. The words and the
 * arrow form one inline box, so the arrow stays beside them in any text direction.
 */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const t = useT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      <span className="inline-flex items-baseline">
        {children}
        <ExternalMark />
      </span>
      <span className="sr-only"> {t('footer.newTab')}</span>
    </a>
  );
}
