/**
 * The simulator once stopped at its first failed batch (the pipeline kept the failure
 * and threw it on every later send), so one coin's fault stopped every coin. Now a failed
 * batch is retried until it goes through, and the other sources never wait for it.
 */
import { describe, expect, it } from 'vitest';
import { createRetryingPost, createSendPipeline } from './sending.ts';

describe('the simulator’s sending', () => {
  it('retries a failed batch, keeps each source in order, and reports the failure until it heals', async () => {
    const delivered: string[] = [];
    let failuresLeft = 2;
    const reports: unknown[] = [];
    const logged: string[] = [];
    const post = createRetryingPost(
      {
        post: async (source, ndjson) => {
          if (source === 'sim-ltc' && failuresLeft > 0) {
            failuresLeft -= 1;
            throw new Error('ingest answered 500: {"error":"internal"}');
          }
          delivered.push(`${source}:${ndjson}`);
        },
        log: (line) => logged.push(line),
        retryDelayMs: 1,
      },
      new AbortController().signal,
      (source, failure) => reports.push([source, failure?.attempts ?? 'healed']),
    );
    const pipeline = createSendPipeline(post, 2);
    await pipeline.send('sim-ltc', '1');
    await pipeline.send('sim-kas', '1');
    await pipeline.send('sim-ltc', '2');
    await pipeline.send('sim-kas', '2');
    await pipeline.drain();
    expect(delivered.filter((d) => d.startsWith('sim-ltc'))).toEqual(['sim-ltc:1', 'sim-ltc:2']);
    expect(delivered.filter((d) => d.startsWith('sim-kas'))).toEqual(['sim-kas:1', 'sim-kas:2']);
    // kas went first while ltc's first batch was failing.
    expect(delivered.indexOf('sim-kas:1')).toBeLessThan(delivered.indexOf('sim-ltc:1'));
    expect(reports).toEqual([
      ['sim-ltc', 1],
      ['sim-ltc', 2],
      ['sim-ltc', 'healed'],
    ]);
    expect(logged).toHaveLength(2);
    // Sending goes on after the failure: nothing is kept and thrown later.
    await pipeline.send('sim-ltc', '3');
    await pipeline.drain();
    expect(delivered.at(-1)).toBe('sim-ltc:3');
  });

  it('stops retrying when the driver stops', async () => {
    const stopping = new AbortController();
    const post = createRetryingPost(
      {
        post: async () => {
          throw new Error('ingest answered 503');
        },
        log: () => undefined,
        retryDelayMs: 10_000,
      },
      stopping.signal,
      () => undefined,
    );
    const sending = post('sim-ltc', '1');
    setTimeout(() => stopping.abort(), 5);
    await expect(sending).rejects.toThrow('stopping');
  });
});
