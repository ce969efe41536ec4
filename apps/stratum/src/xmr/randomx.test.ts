/** RandomX through librandomx0 against the reference vectors of RandomX's own tests (tests.cpp, 1a and 1b). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRandomX, type RandomX } from './randomx.ts';

let randomx: RandomX;
beforeAll(async () => {
  randomx = await loadRandomX({ threads: 2 });
}, 60_000);
afterAll(() => randomx?.close());

describe('RandomX (light mode, librandomx0 through koffi)', () => {
  it('gives the reference hashes for key "test key 000"', async () => {
    const key = Buffer.from('test key 000');
    const [a, b] = await Promise.all([
      randomx.hash(key, Buffer.from('This is a test')),
      randomx.hash(key, Buffer.from('Lorem ipsum dolor sit amet')),
    ]);
    expect(randomx.mode).toBe('light');
    expect(a.toString('hex')).toBe('639183aae1bf4c9a35884cb46b09cad9175f04efd7684e7262a0ac1c2f0b4e3f');
    expect(b.toString('hex')).toBe('300a0adb47603dedb42228ccb2b211104f4da45af709cd7547cd049e9489c969');
  }, 60_000);

  it('keeps two epochs: a third seed evicts the least recently used', async () => {
    const input = Buffer.from('This is a test');
    const seeds = [1, 2, 3].map((n) => Buffer.alloc(32, n));
    const first = await randomx.hash(seeds[0]!, input);
    await randomx.hash(seeds[1]!, input);
    await randomx.hash(seeds[2]!, input);
    expect(randomx.seeds()).toEqual([seeds[1]!.toString('hex'), seeds[2]!.toString('hex')]);
    // Built again on demand, with the same answer.
    expect((await randomx.hash(seeds[0]!, input)).equals(first)).toBe(true);
    expect(first.equals(await randomx.hash(seeds[1]!, input))).toBe(false);
  }, 120_000);

  it('refuses a key RandomX cannot take', async () => {
    await expect(randomx.hash(Buffer.alloc(0), Buffer.from('x'))).rejects.toThrow(/1 to 60 bytes/);
  });
});
