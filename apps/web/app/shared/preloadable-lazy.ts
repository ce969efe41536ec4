/**
 * `React.lazy` that can be loaded ahead of rendering, for code a visitor reaches only by acting
 * (a menu, a list) or rarely (the error page). `preload()` starts the download, say on
 * pointer-down; if the module has arrived by the time the component first renders, it renders
 * at once. (A lazy component whose module is already loaded still suspends on its first render
 * when handed a promise, and React holds a revealed Suspense boundary back for up to 300 ms.)
 */
import { lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

export function preloadableLazy<P>(load: () => Promise<Module<P>>) {
  let loaded: Module<P> | null = null;
  let pending: Promise<Module<P>> | null = null;
  const preload = (): Promise<Module<P>> => {
    pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed download may be tried again by the next preload or render.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Component = lazy(() => {
    const ready = loaded;
    // A thenable that calls back at once: React takes the module synchronously.
    return ready ? ({ then: (resolve: (module: Module<P>) => void) => resolve(ready) } as Promise<Module<P>>) : preload();
  });
  /** For event handlers: a failed early download is not an error (the render tries again). */
  const prefetch = (): void => void preload().catch(() => undefined);
  return { Component, preload, prefetch };
}
