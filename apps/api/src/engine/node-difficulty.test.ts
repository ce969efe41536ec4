import { describe, expect, it } from 'vitest';
import { createNodeDifficulty } from './node-difficulty.ts';

const MIN = 60_000;

/** A node answering `getmininginfo` with whatever `answer` holds; a string is a failure. */
function fakeNode(answer: { value: unknown }) {
  return (async (_url: string | URL | Request, init?: RequestInit) => {
    const { method, id } = JSON.parse(String(init?.body)) as { method: string; id: number };
    expect(method).toBe('getmininginfo');
    if (typeof answer.value === 'string') throw new Error(answer.value);
    return new Response(JSON.stringify({ result: answer.value, error: null, id }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
}

describe('the node’s difficulty', () => {
  it('is the last answer while it is fresh, then nothing; a failure is logged once', async () => {
    const answer: { value: unknown } = { value: { difficulty: 61_000_000, blocks: 1 } };
    const clock = { now: 0 };
    const logs: string[] = [];
    const node = createNodeDifficulty([{ coin: 'ltc', rpcUrl: 'http://u:p@node.test:9332' }], {
      fetch: fakeNode(answer),
      now: () => clock.now,
      log: (line) => logs.push(line),
    });
    expect(node.difficulty('ltc')).toBeUndefined();
    await node.refresh();
    expect(node.difficulty('ltc')).toBe(61_000_000);
    expect(node.difficulty('doge')).toBeUndefined();
    answer.value = 'connection refused';
    clock.now = 5 * MIN;
    await node.refresh();
    await node.refresh();
    expect(node.difficulty('ltc')).toBe(61_000_000);
    expect(logs).toEqual([expect.stringMatching(/^engine: ltc: the node's difficulty is unknown \(connection refused\)/)]);
    clock.now = 11 * MIN;
    expect(node.difficulty('ltc')).toBeUndefined();
    answer.value = { difficulty: 0 };
    await node.refresh();
    expect(node.difficulty('ltc')).toBeUndefined();
    answer.value = { difficulty: 62_000_000 };
    await node.refresh();
    expect(node.difficulty('ltc')).toBe(62_000_000);
    expect(logs).toHaveLength(2);
  });
});
