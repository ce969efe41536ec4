import { describe, expect, it } from 'vitest';
import { parseWatchList, WATCH_LIST_MAX } from './watch-store';

describe('the stored watch list', () => {
  it('keeps only well-formed entries, at most the maximum', () => {
    const text = JSON.stringify([
      { coin: 'ltc', address: 'ltc1qa' },
      { coin: 'btc' },
      'x',
      { coin: 'kas', address: 'kaspa:qq', extra: 1 },
      ...Array.from({ length: 30 }, (_, i) => ({ coin: 'btc', address: `bc1q${i}` })),
    ]);
    const list = parseWatchList(text);
    expect(list.slice(0, 2)).toEqual([
      { coin: 'ltc', address: 'ltc1qa' },
      { coin: 'kas', address: 'kaspa:qq' },
    ]);
    expect(list).toHaveLength(WATCH_LIST_MAX);
    for (const bad of [null, '', 'not json', '{"coin":"ltc"}']) expect(parseWatchList(bad)).toEqual([]);
  });
});
