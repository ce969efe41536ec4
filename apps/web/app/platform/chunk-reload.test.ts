import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_STORAGE_KEY, isChunkLoadError, reloadAfterChunkError, shouldReload } from './chunk-reload';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
}

describe('chunk reload', () => {
  it("recognises the browsers' messages for a failed dynamic import", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once per 60 seconds', () => {
    const storage = memoryStorage();
    let reloads = 0;
    let now = 1_000_000;
    const deps = { now: () => now, storage, reload: () => void (reloads += 1) };
    expect(reloadAfterChunkError(deps)).toBe(true);
    now += 59_999;
    expect(reloadAfterChunkError(deps)).toBe(false);
    now += 1;
    expect(reloadAfterChunkError(deps)).toBe(true);
    expect(reloads).toBe(2);
    expect(storage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe(String(now));
  });

  it('treats a garbled stored time as no earlier reload', () => {
    expect(shouldReload(5, Number('garbage'))).toBe(true);
  });
});
