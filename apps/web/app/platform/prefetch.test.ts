import { afterEach, describe, expect, it, vi } from 'vitest';
import { canPrefetch, prefetchAllowed } from './prefetch';

describe('prefetchAllowed', () => {
  it('allows prefetch where the Network Information API is missing', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
  });

  it('allows prefetch when the connection says nothing', () => {
    expect(prefetchAllowed({})).toBe(true);
  });

  it('refuses prefetch with Save-Data on, whatever the connection type', () => {
    expect(prefetchAllowed({ saveData: true })).toBe(false);
    expect(prefetchAllowed({ saveData: true, effectiveType: '4g' })).toBe(false);
  });

  it('refuses prefetch on 2g and slow-2g', () => {
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ saveData: false, effectiveType: '2g' })).toBe(false);
  });

  it('allows prefetch on 3g and 4g without Save-Data', () => {
    expect(prefetchAllowed({ effectiveType: '3g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ saveData: false, effectiveType: '4g' })).toBe(true);
  });
});

describe('canPrefetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads navigator.connection', () => {
    vi.stubGlobal('navigator', { connection: { effectiveType: 'slow-2g' } });
    expect(canPrefetch()).toBe(false);
    vi.stubGlobal('navigator', { connection: { effectiveType: '4g' } });
    expect(canPrefetch()).toBe(true);
    vi.stubGlobal('navigator', {});
    expect(canPrefetch()).toBe(true);
  });

  it('allows prefetch where there is no navigator', () => {
    vi.stubGlobal('navigator', undefined);
    expect(canPrefetch()).toBe(true);
  });
});
