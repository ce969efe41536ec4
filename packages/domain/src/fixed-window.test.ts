import { describe, expect, it } from 'vitest';
import { addressMatcher } from './address-matcher.ts';
import { createFixedWindow } from './fixed-window.ts';

const MINUTE = 60_000;
const T0 = 1_764_288_000_000; // a minute's start (2025-11-28T00:00:00Z)

describe('createFixedWindow', () => {
  it('counts each client to its quota, refuses past it, and starts again when the window turns', () => {
    const window = createFixedWindow({ quota: 2, windowSeconds: 60, maxClients: 10 });
    expect(window.take('a', T0 + 15_000)).toEqual({ counted: true, count: 1, remaining: 1, reset: 45, over: false });
    expect(window.take('a', T0 + 20_000)).toMatchObject({ remaining: 0, over: false });
    expect(window.take('a', T0 + 59_500)).toEqual({ counted: true, count: 3, remaining: 0, reset: 1, over: true });
    // Another client has its own count.
    expect(window.take('b', T0 + 59_500)).toMatchObject({ count: 1, over: false });
    // The window is aligned on the epoch: at the next minute's start every count is gone.
    expect(window.take('a', T0 + MINUTE)).toEqual({ counted: true, count: 1, remaining: 1, reset: 60, over: false });
  });

  it('lets new clients pass uncounted once it holds maxClients, and still counts the known ones', () => {
    const window = createFixedWindow({ quota: 1, windowSeconds: 600, maxClients: 2 });
    window.take('a', T0);
    window.take('b', T0);
    expect(window.take('c', T0)).toEqual({ counted: false, remaining: 1, reset: 600, over: false });
    expect(window.take('a', T0)).toMatchObject({ counted: true, over: true });
  });
});

describe('addressMatcher', () => {
  it('matches names, addresses and ranges, IPv4-mapped and forwarded forms as their bare address', () => {
    const exempt = addressMatcher(['loopback', '192.0.2.10', '10.1.0.0/16', '2001:db8::/32']);
    for (const client of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '192.0.2.10:5123', '10.1.200.3', '[2001:db8::7]:443'])
      expect(exempt(client), client).toBe(true);
    for (const client of ['192.0.2.11', '10.2.0.1', '2001:db9::1', 'not an address', ''])
      expect(exempt(client), client).toBe(false);
  });
});
