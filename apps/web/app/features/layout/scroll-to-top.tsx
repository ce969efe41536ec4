/**
 * The scroll-to-top button: shown once the page has scrolled 300 px
 * or more. It sits at the bottom inline-end corner (left in right-to-left pages); the Telegram
 * button owns the bottom inline-start corner, so the two never overlap. From 1400 px it floats
 * in the margin beside the page's 1280 px column; narrower, no margin is wide enough, and a
 * floating button covered right-aligned figures and a Copy button: there it stands in a bar
 * across the bottom of the window, and the frame leaves that bar's height free at the page's
 * end (site-frame.tsx), so it covers nothing at any scroll position (decision 027).
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
    <div
      className={`fixed inset-x-0 bottom-0 z-30 flex h-14 items-center justify-end border-t border-line bg-surface/95 px-4 backdrop-blur-sm transition-[opacity,translate,visibility] duration-300 motion-reduce:transition-none min-[1400px]:pointer-events-none min-[1400px]:start-auto min-[1400px]:end-6 min-[1400px]:bottom-6 min-[1400px]:h-auto min-[1400px]:border-0 min-[1400px]:bg-transparent min-[1400px]:p-0 min-[1400px]:backdrop-blur-none print:hidden ${visible ? 'visible translate-y-0 opacity-100' : 'invisible translate-y-2 opacity-0'}`}
      data-testid="floating-bar"
    >
      <button
        type="button"
        data-testid="scroll-to-top"
        onClick={scrollToTop}
        aria-label={t('scroll.toTop')}
        title={t('scroll.toTop')}
        className="pointer-events-auto inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface-raised text-ink shadow-lg hover:text-accent"
      >
        <SpriteIcon id="arrow-up" className="size-5" />
      </button>
    </div>
  );
}
