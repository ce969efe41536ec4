/**
 * `GET /{coin}/api/v1/blocks` with the blocks page's filters (decision 027): status, scheme,
 * finder ("my blocks"), the merge-mined coins' blocks with their parent, and paging. Every
 * block's confirmations follow its own chain's tip. Real PostgreSQL, fixed clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MinedTicker } from '@openpool/domain/coins';
import { createHarness, POOL_CONFIG, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const SOLO = 'ltc1qsolominer00000000000000000000000000000';

interface Page {
  total: number;
  page: number;
  results: {
    coin: string;
    hash: string;
    height: number;
    status: string;
    scheme: string;
    confirmations: number;
    merged_from: string | null;
    finder: string;
  }[];
}

let h: Harness;

beforeAll(async () => {
  h = await createHarness(NOW);
  const network = (seq: number, coin: MinedTicker, height: number, reward: string) => ({
    type: 'network' as const,
    seq,
    coin,
    difficulty: 4e7,
    hashrate: 2e15,
    height,
    reward,
    at: NOW - 60_000,
  });
  const ingested = await h.ingest('blocks-test', [
    network(1, 'ltc', 3_000_000, '625000000'),
    // Dogecoin's fixed 10,000 DOGE subsidy, in its smallest units.
    network(2, 'doge', 5_000_000, '1000000000000'),
  ]);
  expect(ingested.statusCode).toBe(200);
  // ltc: 30 blocks, every third solo by SOLO, every fifth orphaned; doge: 4 merge-mined ones.
  for (let i = 0; i < 30; i++) {
    const scheme = i % 3 === 0 ? 'solo' : 'pps';
    const status = i % 5 === 0 ? 'orphaned' : i < 10 ? 'pending' : 'confirmed';
    await h.db.pool.query(
      `insert into blocks (coin, height, hash, finder, scheme, reward, fees, found_at, status, confirmations)
       values ('ltc', $1, $2, $3, $4, 1, 0, $5, $6, 0)`,
      [3_000_000 - i * 3, `l${i}`, scheme === 'solo' ? SOLO : 'ltc1qother', scheme, new Date(NOW - (i + 1) * 600_000), status],
    );
  }
  for (let i = 0; i < 4; i++)
    await h.db.pool.query(
      `insert into blocks (coin, merged_from, height, hash, finder, scheme, reward, fees, found_at, status, confirmations)
       values ('doge', 'ltc', $1, $2, 'ltc1qother', 'pps', 1, 0, $3, 'pending', 0)`,
      [5_000_000 - i, `d${i}`, new Date(NOW - i * 600_000 - 300_000)],
    );
});

afterAll(async () => {
  await h.close();
  await stopTestServer();
});

describe('blocks', () => {
  it('pages both ways through every block, newest first', async () => {
    const first = (await h.get<Page>('/ltc/api/v1/blocks?page=1&page_size=25')).body;
    const second = (await h.get<Page>('/ltc/api/v1/blocks?page=2&page_size=25')).body;
    expect(first.total).toBe(30);
    expect(first.results.map((b) => b.hash).slice(0, 2)).toEqual(['l0', 'l1']);
    expect(second.results.map((b) => b.hash)).toEqual(['l25', 'l26', 'l27', 'l28', 'l29']);
    // Without `merged` the merge-mined blocks stay out, as they always have.
    expect(first.results.every((b) => b.coin === 'ltc' && b.merged_from === null)).toBe(true);
  });

  it('filters by status, scheme and finder', async () => {
    const orphaned = (await h.get<Page>('/ltc/api/v1/blocks?status=orphaned&page_size=100')).body;
    expect(orphaned.total).toBe(6);
    expect(orphaned.results.every((b) => b.status === 'orphaned')).toBe(true);
    const solo = (await h.get<Page>('/ltc/api/v1/blocks?scheme=solo&page_size=100')).body;
    expect(solo.total).toBe(10);
    const mine = (await h.get<Page>(`/ltc/api/v1/blocks?finder=${SOLO}&status=confirmed&page_size=100`)).body;
    // i in 10..29, a multiple of 3 and not of 5: 12, 18, 21, 24, 27.
    expect(mine.results.map((b) => b.hash)).toEqual(['l12', 'l18', 'l21', 'l24', 'l27']);
    expect(mine.results.every((b) => b.finder === SOLO)).toBe(true);
  });

  it("gives merge-mined blocks with their parent and their own chain's confirmations", async () => {
    const page = (await h.get<Page>('/ltc/api/v1/blocks?merged=true&page_size=5')).body;
    expect(page.total).toBe(34);
    const doge = page.results.filter((b) => b.coin === 'doge');
    expect(doge.map((b) => b.hash)).toEqual(['d0', 'd1', 'd2']);
    expect(doge.every((b) => b.merged_from === 'ltc')).toBe(true);
    const required = POOL_CONFIG.merged.get('doge')!.confirmations;
    // doge's tip is 5,000,000: d1 at 4,999,999 has 2 confirmations (not ltc's tip minus its height).
    expect(doge[1]?.confirmations).toBe(Math.min(required, 2));
    const ltc = page.results.find((b) => b.coin === 'ltc' && b.status === 'pending');
    expect(ltc?.confirmations).toBe(Math.min(POOL_CONFIG.coins.get('ltc').confirmations, 3_000_000 - ltc!.height + 1));
  });

  it('refuses filters that are none, with 400', async () => {
    for (const query of ['status=lost', 'scheme=pplns', 'finder=a%20b', 'merged=yes'])
      expect((await h.get(`/ltc/api/v1/blocks?${query}`)).statusCode, query).toBe(400);
  });
});
