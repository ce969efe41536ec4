/**
 * Asking each node its chain (decision 018): retried once a second up to 30 times, a node that
 * never says is left out and named in one line. The waits are the test's own, not the clock's.
 */
import { describe, expect, it } from 'vitest';
import { askChains } from './node-chains.ts';

describe('askChains', () => {
  it('keeps asking a node until it says, and names one that never does after 30 attempts', async () => {
    const asked: Record<string, number> = {};
    const waits: number[] = [];
    const lines: string[] = [];
    const chains = await askChains(
      [{ coin: 'ltc' }, { coin: 'btc' }],
      async (node) => {
        asked[node.coin] = (asked[node.coin] ?? 0) + 1;
        if (node.coin === 'ltc' && asked.ltc! >= 3) return 'test';
        throw new Error('connection refused');
      },
      'the node',
      (line) => lines.push(line),
      async (ms) => waits.push(ms),
    );
    expect([...chains]).toEqual([['ltc', 'test']]);
    expect(asked).toEqual({ ltc: 3, btc: 30 });
    // A second between attempts, none after the last.
    expect(waits).toEqual(Array<number>(2 + 29).fill(1000));
    expect(lines).toEqual([
      "btc: the node did not say which chain it is on (connection refused); holding its samples to the main chain's bounds",
    ]);
  });
});
