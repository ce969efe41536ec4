/**
 * Every coin a miner is paid in, on one list: a ltc miner with doge, pep and bells payouts
 * between its ltc ones. Paged older and newer, every row of the export appears once, with its
 * coin and tx id, and each coin's total is the export's sum for that coin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MinerPayouts } from '@openpool/domain/api';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const HOUR = 3_600_000;
const ADDRESS = 'ltc1qpayouts00000000000000000000000000pay';
let h: Harness;

/** 30 payouts, oldest first: ltc hourly, a merge-mined coin every fourth (8 decimals each). */
const PAYOUTS = Array.from({ length: 30 }, (_, index) => {
  const coin = index % 4 === 3 ? (['doge', 'pep', 'bells'] as const)[index % 3]! : 'ltc';
  const units = `${(index + 1) * 123_456_789}${index}`;
  return {
    coin,
    units,
    at: NOW - (30 - index) * HOUR,
    txid: index === 29 ? null : `${coin}tx${index}`,
    status: index === 29 ? 'unpaid' : 'paid',
  };
});

beforeAll(async () => {
  h = await createHarness(NOW);
  await h.db.pool.query(`insert into miners (coin, address, first_share_at, last_share_at) values ('ltc', $1, $2, $3)`, [
    ADDRESS,
    new Date(NOW - 40 * HOUR),
    new Date(NOW),
  ]);
  for (const p of PAYOUTS)
    await h.db.pool.query(
      `insert into payouts (coin, address, amount, created_at, status, txid, confirmations) values ($1, $2, $3, $4, $5, $6, null)`,
      [p.coin, ADDRESS, p.units, new Date(p.at), p.status, p.txid],
    );
});

afterAll(async () => {
  await h.close();
  await stopTestServer();
});

const url = (query: string) => `/ltc/api/v2/miner/payouts/${ADDRESS}?${query}`;

/** Exact decimal sums (8 decimals, the units of every coin here). */
function sum(amounts: string[]): bigint {
  return amounts.reduce((total, amount) => {
    const [whole = '0', fraction = ''] = amount.split('.');
    return total + BigInt(whole + fraction.padEnd(8, '0'));
  }, 0n);
}

describe('every payout of a miner, merge-mined coins included', () => {
  it('lists every export row with its coin and tx id, paging older and back newer', async () => {
    const exported = (
      await h.app.inject({
        method: 'GET',
        url: `/ltc/api/v1/miner/export/${ADDRESS}?kind=payouts&format=json&from=2026-11-01&to=2026-11-20`,
      })
    ).json() as { results: { coin: string; txid: string | null; amount: string; status: string }[] };
    expect(exported.results).toHaveLength(30);

    const pages: MinerPayouts[] = [];
    let query = 'limit=7';
    for (;;) {
      const response = await h.app.inject({ method: 'GET', url: url(query) });
      expect(response.statusCode).toBe(200);
      const page = response.json() as MinerPayouts;
      pages.push(page);
      if (!page.older) break;
      query = `limit=7&before=${page.older}`;
    }
    expect(pages.map((page) => page.results.length)).toEqual([7, 7, 7, 7, 2]);
    expect(pages[0]!.newer).toBeNull();
    const listed = pages.flatMap((page) => page.results).reverse();
    expect(listed.map((row) => [row.coin, row.txid, row.amount, row.status])).toEqual(
      exported.results.map((row) => [row.coin, row.txid, row.amount, row.status]),
    );

    // Back from the oldest page to the newest, one page at a time, the same pages.
    let back = pages[pages.length - 1]!;
    for (let index = pages.length - 2; index >= 0; index--) {
      expect(back.newer).not.toBeNull();
      back = (await h.app.inject({ method: 'GET', url: url(`limit=7&after=${back.newer}`) })).json() as MinerPayouts;
      if (index > 0) expect(back.results).toEqual(pages[index]!.results);
      else
        expect(back.results.map((row) => row.id)).toEqual(pages[0]!.results.slice(0, back.results.length).map((row) => row.id));
    }
  });

  it('totals each coin as the export sums it, and filters by coin', async () => {
    const exported = (
      await h.app.inject({
        method: 'GET',
        url: `/ltc/api/v1/miner/export/${ADDRESS}?kind=payouts&format=json&from=2026-11-01&to=2026-11-20`,
      })
    ).json() as { results: { coin: string; amount: string }[] };
    const page = (await h.app.inject({ method: 'GET', url: url('limit=5') })).json() as MinerPayouts;
    expect(page.coins).toEqual(['ltc', 'doge', 'pep', 'bells']);
    for (const total of page.totals) {
      const rows = exported.results.filter((row) => row.coin === total.coin);
      expect(rows.length).toBeGreaterThan(0);
      expect(sum([total.total_paid])).toBe(sum(rows.map((row) => row.amount)));
      expect(total.payouts).toBe(rows.length);
    }
    const doge = (await h.app.inject({ method: 'GET', url: url('coin=doge&limit=100') })).json() as MinerPayouts;
    expect(doge.coin).toBe('doge');
    expect(doge.results.map((row) => row.coin)).toEqual(exported.results.filter((row) => row.coin === 'doge').map(() => 'doge'));
    expect(doge.older).toBeNull();
  });

  it('refuses a coin the pool does not pay in, and keeps the compatibility path to the pool coin', async () => {
    const wrong = await h.app.inject({ method: 'GET', url: url('coin=fb') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/ltc pays in ltc, doge, pep, bells/);
    const bad = await h.app.inject({ method: 'GET', url: url('before=abc') });
    expect(bad.statusCode).toBe(400);
    const compat = (await h.app.inject({ method: 'GET', url: `/ltc/api/v1/miner/payouts/${ADDRESS}?limit=100` })).json() as {
      results: { txid: string | null }[];
    };
    expect(compat.results).toHaveLength(PAYOUTS.filter((p) => p.coin === 'ltc').length);
  });
});
