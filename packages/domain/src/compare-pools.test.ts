import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ComparePoolsError, parseComparePools } from './compare-pools.ts';

const FILE = readFileSync(new URL('../../../content/compare/pools.json', import.meta.url), 'utf8');
const POOLS = readFileSync(new URL('../../../content/pools.json', import.meta.url), 'utf8');

/**
 * Coins whose comparison is filled to at least six other pools (decision 011). The other coins
 * list only the pools whose terms could be checked; see the decision for why they have fewer.
 */
const FILLED_TO_SIX = ['btc', 'ltc', 'kas', 'etc', 'rvn', 'erg', 'xmr'] as const;

type Json = Record<string, unknown>;

function raw(): Json {
  return JSON.parse(FILE) as Json;
}

function rows(file: Json): Json[] {
  return file.pools as Json[];
}

/** The error message for a broken copy of the real file; fails the test if parsing succeeds. */
function errorFor(mutate: (file: Json) => void): string {
  const file = raw();
  mutate(file);
  try {
    parseComparePools(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ComparePoolsError);
    return (error as Error).message;
  }
  throw new Error('expected parseComparePools to throw');
}

describe('content/compare/pools.json', () => {
  const file = parseComparePools(raw());

  it('is dated and cites an https page of the pool for every row', () => {
    expect(file.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(file.pools.length).toBeGreaterThan(0);
    for (const row of file.pools) expect(row.sources[0]).toMatch(/^https:\/\//);
  });

  it('compares at least six other pools for every coin filled to six', () => {
    for (const coin of FILLED_TO_SIX)
      expect(file.pools.filter((row) => row.coin === coin).length, coin).toBeGreaterThanOrEqual(6);
  });

  it('lists no pool twice for one coin, by name or by address', () => {
    const byName = file.pools.map((row) => `${row.coin}/${row.pool.toLowerCase().replace(/[^a-z0-9]/g, '')}`);
    const byUrl = file.pools.map((row) => `${row.coin}/${new URL(row.url).href}`);
    expect(byName.filter((key, index) => byName.indexOf(key) !== index)).toEqual([]);
    expect(byUrl.filter((key, index) => byUrl.indexOf(key) !== index)).toEqual([]);
  });

  it('compares only coins we offer', () => {
    const offered = Object.keys((JSON.parse(POOLS) as { coins: Record<string, unknown> }).coins);
    expect(file.pools.filter((row) => !offered.includes(row.coin)).map((row) => `${row.coin}/${row.pool}`)).toEqual([]);
  });
});

describe('parseComparePools', () => {
  it('names every bad field at once, with its path', () => {
    const message = errorFor((file) => {
      const [first, second] = rows(file) as [Json, Json];
      first.coin = 'nope';
      (first.schemes as Json[])[0]!.fee = 4;
      second.sources = [];
      second.min_payout = 0.005;
      second.payout = 'weekly';
    });
    expect(message).toContain('content/compare/pools.json is invalid:');
    expect(message).toContain('pools[0].coin: is not a coin in the registry');
    expect(message).toContain('pools[0].schemes[0].fee: must be a fraction (0.04 = 4 %), at most 0.2');
    expect(message).toContain('pools[1].sources: must list the page the figures come from');
    expect(message).toContain('pools[1].min_payout:');
    expect(message).toContain('pools[1].payout: must be one of hourly, daily, choice or null');
  });

  it('refuses a missing or impossible date, plain-http sources, unknown schemes and unknown fields', () => {
    expect(errorFor((file) => delete file.as_of)).toContain('as_of:');
    expect(errorFor((file) => (file.as_of = '2026-02-30'))).toContain('as_of: is not a calendar date');
    expect(errorFor((file) => ((rows(file)[0]!.sources as string[])[0] = 'http://example.com'))).toContain(
      'pools[0].sources[0]: must be an https URL',
    );
    expect(errorFor((file) => ((rows(file)[0]!.schemes as Json[])[0]!.name = 'PPLNT'))).toContain(
      'pools[0].schemes[0].name: must be one of FPPS',
    );
    expect(errorFor((file) => (rows(file)[0]!.fee = 0.01))).toContain('pools[0]: Unrecognized key');
  });

  it('refuses the same pool twice for one coin', () => {
    const message = errorFor((file) => rows(file).push({ ...rows(file)[0]!, pool: rows(file)[0]!.pool }));
    expect(message).toMatch(/pools\[\d+\]\.pool: .* is listed twice for btc/);
  });

  it('takes null as "not published" and [] as "no merge mining"', () => {
    const file = raw();
    Object.assign(rows(file)[0]!, { min_payout: null, payout: null, regions: null, merged: [] });
    const parsed = parseComparePools(file);
    expect(parsed.pools[0]).toMatchObject({ min_payout: null, payout: null, regions: null, merged: [] });
  });
});
