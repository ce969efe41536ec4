import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const KEY = '__zod_globalConfig';
const holder = globalThis as { [KEY]?: Record<string, unknown>; document?: unknown };

describe('zod without its eval probe in the browser', () => {
  afterEach(() => {
    delete holder.document;
    delete holder[KEY]?.jitless;
    vi.resetModules();
  });

  it('sets jitless in the configuration every copy of zod reads, in a browser only', async () => {
    await import('./zod-jitless');
    expect(z.config().jitless).toBeUndefined();
    vi.resetModules();
    holder.document = {};
    await import('./zod-jitless');
    expect(z.config().jitless).toBe(true);
    // Parsing still works, without the compiled path.
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
