/**
 * `React.lazy` that can be loaded ahead of rendering, for code a visitor reaches only by acting
 * (a menu, a list). `preload()` starts the download, say on
 * pointer-down; if the module has arrived by the time the component first renders, it renders
 * at once. (A lazy component whose module is already loaded still suspends on its first render
 * when handed a promise, and React holds a revealed Suspense boundary back for up to 300 ms.)
 */
import { Component as ReactComponent, createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { quietly } from './chunk-reload';

type Module<P> = { default: ComponentType<P> };

/** The chunk a failed dynamic import names (Chromium and Firefox say it; Safari does not). */
export function failedChunkUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  return /\b(https?:\/\/\S+?\.js)(?:\?\S*)?\s*$/.exec(message)?.[1] ?? null;
}

const importUrl = <M>(url: string): Promise<M> => import(/* @vite-ignore */ url) as Promise<M>;

/**
 * `load` is the `() => import('./x')` Vite rewrites; `retry` imports a URL (a test passes its own).
 * A browser keeps the failure of a dynamic import in its module map for the page's life
 * (Chromium 150 does: back online, the same import fails again without a request), so a
 * try after a failure asks for the same chunk under a URL of its own (`?retry=N`).
 */
export function preloadableLazy<P extends object>(load: () => Promise<Module<P>>, retry = importUrl<Module<P>>) {
  let loaded: Module<P> | null = null;
  let failures = 0;
  let retryUrl: string | null = null;
  let pending: Promise<Module<P>> | null = null;
  const preload = (): Promise<Module<P>> => {
    pending ??= (retryUrl ? retry(retryUrl) : load())
      .then((module) => {
        // Vite's import wrapper resolves to nothing when a listener silenced its failure.
        if (!module?.default) throw new TypeError('Failed to fetch dynamically imported module');
        return (loaded = module);
      })
      .catch((error: unknown) => {
        // A failed download may be tried again by the next preload or render.
        pending = null;
        failures += 1;
        const url = failedChunkUrl(error);
        if (url) retryUrl = `${url}?retry=${failures}`;
        throw error;
      });
    return pending;
  };
  const makeLazy = () =>
    lazy(() => {
      const ready = loaded;
      // A thenable that calls back at once: React takes the module synchronously.
      return ready ? ({ then: (resolve: (module: Module<P>) => void) => resolve(ready) } as Promise<Module<P>>) : preload();
    });
  // React.lazy remembers a failure for good. A prefetch, which the owner calls before each
  // opening, swaps in a fresh instance if a download has failed since, so opening again tries
  // again; within one opening a failure stays final (for its ChunkBoundary to catch).
  let current = { instance: makeLazy(), failures: 0 };
  const Component = (props: P) => createElement(current.instance as ComponentType<P>, props);
  /**
   * For event handlers (pointer, focus, the opening itself): starts the download; a failure is
   * not an error here and reloads nothing (the render tries again).
   */
  const prefetch = (): void => {
    if (current.failures !== failures) current = { instance: makeLazy(), failures };
    void quietly(preload).catch(() => undefined);
  };
  return { Component, preload, prefetch };
}

/**
 * Around a lazy component, with the Suspense it needs (nothing shows while it loads): if its
 * chunk cannot be loaded (offline, or a deploy removed it and
 * the reload was spent), show nothing and tell the owner, instead of letting the error reach
 * the route's boundary and replace the whole page with an error page. The owner closes what it
 * opened; opening it again mounts a new boundary, which tries again.
 */
export class ChunkBoundary extends ReactComponent<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('a part of the page could not be loaded', error);
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : createElement(Suspense, { fallback: null }, this.props.children);
  }
}
