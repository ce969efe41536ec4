import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '~/i18n/use-t';

/**
 * A table that may be wider than a phone: it scrolls inside its own box, never
 * the page; a shadow at the edge where more columns wait says so (`.scroll-table` in app.css,
 * drawn by CSS alone, before the page's script runs), and its first column stays in view. Once
 * it does overflow, the box can take the keyboard's focus (arrow keys scroll it) and tells a
 * screen reader that it scrolls sideways.
 */
export function ScrollTable({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const hint = useId();
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <div
        ref={box}
        role="region"
        aria-label={label}
        aria-describedby={overflowing ? hint : undefined}
        tabIndex={overflowing ? 0 : undefined}
        className={className ? `scroll-table ${className}` : 'scroll-table'}
        data-overflowing={overflowing ? 'true' : undefined}
      >
        {children}
      </div>
      {overflowing ? (
        <p id={hint} className="sr-only">
          {t('table.scrollHint')}
        </p>
      ) : null}
    </>
  );
}
