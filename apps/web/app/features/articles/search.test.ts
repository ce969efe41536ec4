import { describe, expect, it } from 'vitest';
import { queryWords, searchArticles } from './search';

const entries = [
  {
    slug: 'faq',
    title: 'Frequently asked questions',
    description: 'Payouts, hashrate and balances.',
    text: 'Why is there no payout yet? The threshold.',
  },
  {
    slug: 'hiveos',
    title: 'Mining with HiveOS',
    description: 'Flight sheets for every coin.',
    text: 'Create a flight sheet, set the pool to the stratum address.',
  },
  { slug: 'ru', title: 'Почему нет выплаты', description: 'Порог выплаты и расписание.', text: 'Выплата приходит ещё раз.' },
];

describe('searchArticles', () => {
  it('finds by title and ranks a title hit first', () => {
    expect(searchArticles(entries, 'HiveOS').map((e) => e.slug)).toEqual(['hiveos']);
    expect(searchArticles(entries, 'payout').map((e) => e.slug)).toEqual(['faq']);
  });
  it('finds by body text, needing every word', () => {
    expect(searchArticles(entries, 'stratum flight').map((e) => e.slug)).toEqual(['hiveos']);
    expect(searchArticles(entries, 'stratum threshold')).toEqual([]);
  });
  it('matches Cyrillic regardless of case and ё', () => {
    expect(searchArticles(entries, 'ВЫПЛАТА').map((e) => e.slug)).toEqual(['ru']);
    expect(searchArticles(entries, 'еще').map((e) => e.slug)).toEqual(['ru']);
  });
  it('matches nothing for an empty or punctuation-only query', () => {
    expect(searchArticles(entries, '  ')).toEqual([]);
    expect(searchArticles(entries, '?!')).toEqual([]);
    expect(queryWords('x'.repeat(500))[0]).toHaveLength(100);
  });
});
