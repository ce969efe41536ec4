import type { ReactNode } from 'react';
import { useT } from '~/i18n/use-t';
import { SpriteIcon } from '~/platform/sprite-icon';

/** The small arrow after a link that leaves the site; decorative, the words say it. */
export function ExternalMark() {
  return <SpriteIcon id="external-mark" className="ms-1 inline-block size-3 shrink-0 self-center opacity-70 rtl:-scale-x-100" />;
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
