import type { PoolStats } from '@openpool/domain/api';
import { describe, expect, it } from 'vitest';
import { lowestFee, ourRow, parseSort, sortParam, sortRows, type CompareRow } from './compare-rows';

function row(overrides: Partial<CompareRow>): CompareRow {
  return {
    pool: 'Pool',
    ours: false,
    url: 'https://pool.example',
    source: 'https://pool.example/fees',
    schemes: [{ name: 'FPPS', fee: 0.04 }],
    minPayout: '0.005',
    payout: 'daily',
    regions: ['eu'],
    merged: [],
    ...overrides,
  };
}

const rows = [
  row({ pool: 'Bravo', schemes: [{ name: 'FPPS', fee: 0.04 }], minPayout: '0.005', payout: 'daily', merged: ['fb'] }),
  row({ pool: 'alpha', schemes: [{ name: 'PPS+', fee: null }], minPayout: null, payout: null, merged: null }),
  row({
    pool: 'Charlie',
    schemes: [
      { name: 'PPS+', fee: 0.04 },
      { name: 'PPLNS', fee: 0.02 },
    ],
    minPayout: '0.0001',
    payout: 'hourly',
  }),
  row({ pool: 'Delta', schemes: [{ name: 'FPPS', fee: 0.025 }], minPayout: '0.1', payout: 'choice', merged: [] }),
];
const names = (sorted: CompareRow[]) => sorted.map((r) => r.pool);

describe('parseSort', () => {
  it('reads a column and a leading minus for descending, and falls back to the lowest fee first', () => {
    expect(parseSort('min')).toEqual({ key: 'min', descending: false });
    expect(parseSort('-payout')).toEqual({ key: 'payout', descending: true });
    expect(parseSort('price')).toEqual({ key: 'fee', descending: false });
    expect(parseSort(null)).toEqual({ key: 'fee', descending: false });
    expect(sortParam({ key: 'merged', descending: true })).toBe('-merged');
  });
});

describe('sortRows', () => {
  it('sorts by the lowest published fee of each pool, unpublished last in both directions', () => {
    expect(lowestFee(rows[2]!)).toBe(0.02);
    expect(names(sortRows(rows, { key: 'fee', descending: false }))).toEqual(['Charlie', 'Delta', 'Bravo', 'alpha']);
    expect(names(sortRows(rows, { key: 'fee', descending: true }))).toEqual(['Bravo', 'Delta', 'Charlie', 'alpha']);
  });

  it('compares minimum payouts as numbers, not as text', () => {
    expect(names(sortRows(rows, { key: 'min', descending: false }))).toEqual(['Charlie', 'Bravo', 'Delta', 'alpha']);
  });

  it('orders payouts hourly, daily, then a schedule of your choice', () => {
    expect(names(sortRows(rows, { key: 'payout', descending: false }))).toEqual(['Charlie', 'Bravo', 'Delta', 'alpha']);
  });

  it('sorts names without regard to case and counts merge-mined coins', () => {
    expect(names(sortRows(rows, { key: 'pool', descending: false }))).toEqual(['alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(names(sortRows(rows, { key: 'merged', descending: true }))[0]).toBe('Bravo');
  });
});

describe('ourRow', () => {
  it('takes schemes, fees, payout rule, merged coins and regions from the live pool stats', () => {
    const stats = {
      ticker: 'ltc',
      fee: 0.02,
      fees: { pps: 0.02, prop: 0.01, solo: 0.015 },
      schemes: ['pps', 'prop', 'solo'],
      payout: { schedule: 'hourly', min: '0.01', default_threshold: '0.1' },
      merged: ['doge', 'pep', 'bells'],
      servers: {
        urls: ['ltc-eu.openpool.example:3020', 'ltc-us.openpool.example:3020', 'ltc-eu.openpool.example:3020'],
        ssl_urls: [],
      },
    } as unknown as PoolStats;
    expect(ourRow(stats, 'OpenPool')).toEqual({
      pool: 'OpenPool',
      ours: true,
      url: null,
      source: null,
      schemes: [
        { name: 'PPS+', fee: 0.02 },
        { name: 'PROP', fee: 0.01 },
        { name: 'SOLO', fee: 0.015 },
      ],
      minPayout: '0.01',
      payout: 'hourly',
      regions: ['eu', 'us'],
      merged: ['doge', 'pep', 'bells'],
    });
  });
});
