import { I18nProvider } from '~/i18n/use-t';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { createLoadingBarStore, estimateProgress, LoadingBar, LOADING_BAR_TIMING } from './loading-bar';

describe('estimateProgress (duration 5000 ms)', () => {
  it('starts at 0, rises steadily, is about 70 % at the duration and stays below 100 %', () => {
    expect(estimateProgress(0)).toBe(0);
    let previous = 0;
    for (let ms = 200; ms <= 60_000; ms += 200) {
      const progress = estimateProgress(ms);
      expect(progress).toBeGreaterThan(previous);
      expect(progress).toBeLessThan(100);
      previous = progress;
    }
    expect(estimateProgress(5000)).toBeCloseTo(70.5, 1);
    expect(estimateProgress(Number.MAX_SAFE_INTEGER)).toBe(99);
  });
});

describe('loading bar store (starts after 200 ms, throttle 200 ms, red on failure)', () => {
  // Fake timers move Date.now() along with the timers they fire.
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => vi.useRealTimers());

  const now = () => Date.now();
  const tick = (ms: number) => vi.advanceTimersByTime(ms);

  it('a navigation shorter than 200 ms never shows the bar', () => {
    const bar = createLoadingBarStore(now);
    const phases: string[] = [];
    bar.subscribe(() => phases.push(bar.get().phase));
    bar.start();
    tick(150);
    bar.finish(false);
    tick(5000);
    expect(phases).toEqual(['pending', 'idle']);
  });

  it('shows at 200 ms, advances once per 200 ms, then fills, fades and resets', () => {
    const bar = createLoadingBarStore(now);
    const updates: number[] = [];
    bar.subscribe(() => updates.push(now()));
    bar.start();
    tick(199);
    expect(bar.get().phase).toBe('pending');
    tick(1);
    expect(bar.get()).toMatchObject({ phase: 'loading', progress: estimateProgress(200) });
    tick(1000);
    expect(bar.get().progress).toBeCloseTo(estimateProgress(1200), 10);
    // pending at 0, shown at 200, then one update per 200 ms: never faster than the throttle.
    expect(updates).toEqual([0, 200, 400, 600, 800, 1000, 1200]);
    bar.finish(false);
    expect(bar.get()).toEqual({ phase: 'done', progress: 100, failed: false });
    tick(LOADING_BAR_TIMING.doneHoldMs);
    expect(bar.get().phase).toBe('idle');
    tick(2000);
    expect(updates.length).toBe(9);
  });

  it('a failed navigation turns the bar red, even one that failed before 200 ms', () => {
    const bar = createLoadingBarStore(now);
    bar.start();
    tick(50);
    bar.finish(true);
    expect(bar.get()).toEqual({ phase: 'error', progress: 100, failed: true });
    tick(LOADING_BAR_TIMING.errorHoldMs);
    // Fading out keeps the red and the full width.
    expect(bar.get()).toEqual({ phase: 'idle', progress: 100, failed: true });
    bar.start();
    expect(bar.get()).toEqual({ phase: 'pending', progress: 0, failed: false });
  });

  it('repeated start and finish calls (remounts, strict mode) change nothing', () => {
    const bar = createLoadingBarStore(now);
    bar.finish(true);
    expect(bar.get().phase).toBe('idle');
    bar.start();
    tick(300);
    bar.start();
    expect(bar.get().phase).toBe('loading');
    bar.finish(false);
    bar.finish(true);
    expect(bar.get().phase).toBe('done');
  });
});

describe('LoadingBar on the server', () => {
  it('renders an idle progressbar hidden from assistive technology', async () => {
    const i18n = await loadCatalogue('en');
    const Stub = createRoutesStub([{ path: '*', Component: LoadingBar }]);
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <Stub />
      </I18nProvider>,
    );
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('data-state="idle"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('aria-label="Loading page"');
    expect(html).toContain('aria-valuenow="0"');
  });
});
