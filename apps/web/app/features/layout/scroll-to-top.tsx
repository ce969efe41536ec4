/**
 * The scroll-to-top button: shown once the page has scrolled 300 px
 * or more. It sits at the bottom inline-end corner (left in right-to-left pages); the Telegram
 * button owns the bottom inline-start corner, so the two never overlap.
 */
import { useSyncExternalStore } from 'react';
import { useT } from '~/i18n/use-t';
import { SpriteIcon } from '~/platform/sprite-icon';

export const SCROLL_TO_TOP_THRESHOLD_PX = 300;

/** Scroll events come faster than frames; React hears about them at most once a frame. */
function subscribe(onChange: () => void): () => void {
  let frame = 0;
  const onScroll = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      onChange();
    });
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    cancelAnimationFrame(frame);
  };
}

const getSnapshot = () => window.scrollY >= SCROLL_TO_TOP_THRESHOLD_PX;
const getServerSnapshot = () => false;

function scrollToTop(): void {
  const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'instant' : 'smooth' });
}

export function ScrollToTop() {
  const t = useT();
  const visible = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return (
    <button
      type="button"
      data-testid="scroll-to-top"
      onClick={scrollToTop}
      aria-label={t('scroll.toTop')}
      title={t('scroll.toTop')}
      className={`fixed end-6 bottom-6 z-30 inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface-raised text-ink shadow-lg transition-[opacity,translate,visibility] duration-300 hover:text-accent motion-reduce:transition-none print:hidden ${visible ? 'visible translate-y-0 opacity-100' : 'invisible translate-y-2 opacity-0'}`}
    >
      <SpriteIcon id="arrow-up" className="size-5" />
    </button>
  );
}
