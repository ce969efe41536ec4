import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { chunkErrorsAreQuiet } from './chunk-reload';
import { failedChunkUrl, preloadableLazy } from './preloadable-lazy';

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

  it('asks for a chunk whose import failed under a new URL each time (the browser keeps the failure)', async () => {
    const chunk = 'http://localhost:3000/assets/currency-list-DNIkEXrg.js';
    const load = vi.fn(() => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${chunk}`)));
    const retried: string[] = [];
    const retry = vi.fn((url: string) => {
      retried.push(url);
      return retried.length === 1
        ? Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`))
        : Promise.resolve({ default: Hello });
    });
    const { preload } = preloadableLazy(load, retry);
    await expect(preload()).rejects.toThrow(chunk);
    await expect(preload()).rejects.toThrow('retry=1');
    await expect(preload()).resolves.toEqual({ default: Hello });
    expect(load).toHaveBeenCalledTimes(1);
    expect(retried).toEqual([`${chunk}?retry=1`, `${chunk}?retry=2`]);
  });

  it('reads the chunk from Chromium and Firefox messages, and nothing from Safari', () => {
    expect(failedChunkUrl(new TypeError('Failed to fetch dynamically imported module: https://pool.example/assets/a-1.js'))).toBe(
      'https://pool.example/assets/a-1.js',
    );
    expect(failedChunkUrl(new TypeError('error loading dynamically imported module: http://h/assets/b.js?retry=2'))).toBe(
      'http://h/assets/b.js',
    );
    expect(failedChunkUrl(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(failedChunkUrl('not an error')).toBeNull();
  });

  it('takes a silenced failure (Vite resolves the import to nothing) as a failure, and tries again', async () => {
    let calls = 0;
    const { preload } = preloadableLazy(() =>
      ++calls === 1 ? Promise.resolve(undefined as unknown as { default: typeof Hello }) : Promise.resolve({ default: Hello }),
    );
    await expect(preload()).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(preload()).resolves.toEqual({ default: Hello });
    expect(calls).toBe(2);
  });

  it('marks a prefetch as quiet while it runs, so its failure reloads nothing', async () => {
    let fail: (error: Error) => void = () => {};
    const seen: boolean[] = [];
    const { prefetch } = preloadableLazy(
      () =>
        new Promise<{ default: typeof Hello }>((_resolve, reject) => {
          fail = (error) => {
            // Where Vite dispatches vite:preloadError: before the import's promise settles.
            seen.push(chunkErrorsAreQuiet());
            reject(error);
          };
        }),
    );
    expect(chunkErrorsAreQuiet()).toBe(false);
    prefetch();
    expect(chunkErrorsAreQuiet()).toBe(true);
    fail(new TypeError('Failed to fetch dynamically imported module'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([true]);
    expect(chunkErrorsAreQuiet()).toBe(false);
  });
});
