import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;
const render = (Component: React.ComponentType<{ name: string }>) =>
  renderToString(
    <Suspense fallback={<i>wait</i>}>
      <Component name="rig" />
    </Suspense>,
  );

describe('preloadableLazy', () => {
  it('suspends when rendered before its module has arrived', () => {
    const { Component } = preloadableLazy(() => new Promise<{ default: typeof Hello }>(() => {}));
    expect(render(Component)).toContain('wait');
  });

  it('renders at once once preloaded, loading the module only once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Hello }));
    const { Component, preload, prefetch } = preloadableLazy(load);
    prefetch();
    await preload();
    expect(render(Component)).toContain('hello <!-- -->rig');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets a failed download be tried again, and prefetch swallows the failure', async () => {
    let calls = 0;
    const { preload, prefetch } = preloadableLazy(() =>
      ++calls === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ default: Hello }),
    );
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    prefetch();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    await expect(preload()).resolves.toEqual({ default: Hello });
    expect(calls).toBe(2);
  });
});
