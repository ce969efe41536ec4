/**
 * The navigation progress bar: it shows only once a navigation has
 * lasted 200 ms, advances towards completion on a 5000 ms curve with updates every 200 ms,
 * fills and fades when the navigation ends, and turns red when it fails.
 *
 * How it learns about failure: a navigation that fails lands in the root ErrorBoundary, which
 * renders the error page inside its own SiteFrame, so this bar unmounts from the page's frame
 * and mounts again in the error page's. Its state therefore lives in a module-level store that
 * outlives the remount, and the bar asks `useRouteError()`: it is null in the page's frame and
 * the error inside the ErrorBoundary's. A navigation that ends with a route error is a failure.
 * A first load of an error page never started a navigation here, so it shows nothing.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigation, useRouteError } from 'react-router';
import { useT } from '~/i18n/use-t';

export const LOADING_BAR_TIMING = {
  /** A navigation shorter than this never shows the bar. */
  showAfterMs: 200,
  throttleMs: 200,
  durationMs: 5000,
  /** Full bar, then fade (the fade itself is CSS) before the bar is reset. */
  doneHoldMs: 600,
  /** How long a failed navigation's red bar stays before it fades. */
  errorHoldMs: 2500,
} as const;

/** Nuxt's curve: about 70 % at `durationMs`, approaching but never reaching 100 % while loading. */
export function estimateProgress(elapsedMs: number, durationMs: number = LOADING_BAR_TIMING.durationMs): number {
  const percentOfDuration = (Math.max(0, elapsedMs) / durationMs) * 100;
  return Math.min(99, (2 / Math.PI) * 100 * Math.atan(percentOfDuration / 50));
}

export type LoadingBarPhase = 'idle' | 'pending' | 'loading' | 'done' | 'error';

export interface LoadingBarState {
  phase: LoadingBarPhase;
  /** 0 to 100. */
  progress: number;
  /** The last navigation failed: red, kept while the bar fades out. */
  failed: boolean;
}

const IDLE: LoadingBarState = Object.freeze({ phase: 'idle', progress: 0, failed: false });

export function createLoadingBarStore(now: () => number = () => Date.now()) {
  let state = IDLE;
  let startedAt = 0;
  let timers: ReturnType<typeof setTimeout>[] = [];
  let ticker: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();
  const set = (phase: LoadingBarPhase, progress: number, failed = false) => {
    state = { phase, progress, failed };
    for (const listener of listeners) listener();
  };
  const clear = () => {
    timers.forEach(clearTimeout);
    timers = [];
    clearInterval(ticker);
    ticker = undefined;
  };
  const after = (ms: number, run: () => void) => timers.push(setTimeout(run, ms));
  const busy = () => state.phase === 'pending' || state.phase === 'loading';
  const advance = () => set('loading', estimateProgress(now() - startedAt));

  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A navigation began; repeated calls during one navigation change nothing. */
    start() {
      if (busy()) return;
      clear();
      startedAt = now();
      set('pending', 0);
      after(LOADING_BAR_TIMING.showAfterMs, () => {
        advance();
        ticker = setInterval(advance, LOADING_BAR_TIMING.throttleMs);
      });
    },
    /** The navigation ended; a call with nothing in progress changes nothing. */
    finish(failed: boolean) {
      if (!busy()) return;
      const wasShown = state.phase === 'loading';
      clear();
      // Keep width and colour at the end: resetting them would show while the bar fades.
      const reset = () => set('idle', state.progress, state.failed);
      if (failed) {
        set('error', 100, true);
        after(LOADING_BAR_TIMING.errorHoldMs, reset);
      } else if (wasShown) {
        set('done', 100);
        after(LOADING_BAR_TIMING.doneHoldMs, reset);
      } else {
        set('idle', 0);
      }
    },
  };
}

const loadingBar = createLoadingBarStore();
const serverState = () => IDLE;

const PHASE_CLASSES: Record<LoadingBarPhase, string> = {
  idle: 'opacity-0',
  pending: 'opacity-0',
  loading: 'opacity-100',
  // Let the width reach 100 % before fading.
  done: 'opacity-0 delay-200',
  error: 'opacity-100',
};

export function LoadingBar() {
  const t = useT();
  const busy = useNavigation().state !== 'idle';
  // Null outside an error boundary (the context's default), the error inside one.
  const failed = useRouteError() != null;
  const { phase, progress, failed: lastFailed } = useSyncExternalStore(loadingBar.subscribe, loadingBar.get, serverState);

  useEffect(() => {
    if (busy) loadingBar.start();
    else loadingBar.finish(failed);
  }, [busy, failed]);

  const shown = phase === 'loading' || phase === 'done' || phase === 'error';
  return (
    <div
      role="progressbar"
      aria-label={t('loading.label')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      aria-hidden={!shown}
      data-state={phase}
      data-testid="loading-bar"
      className={`pointer-events-none fixed inset-x-0 top-0 z-60 h-[3px] transition-opacity duration-300 motion-reduce:transition-none ${PHASE_CLASSES[phase]}`}
    >
      <div
        className={`h-full ${lastFailed ? 'bg-red-600 dark:bg-red-500' : 'bg-accent'} ${phase === 'loading' || phase === 'done' ? 'transition-[width] duration-200 ease-out motion-reduce:transition-none' : ''}`}
        style={{ width: `${progress}%` }}
      />
    </div>
  );
}
