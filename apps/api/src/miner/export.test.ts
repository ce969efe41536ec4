/**
 * Exports (decision 023): the CSV read back equals the JSON to the last smallest unit, the
 * range is whole UTC days, and each day's fiat value is the amount at that day's rate.
 */
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fiatValue, parseCsv, PAYOUT_COLUMNS, FIAT_COLUMNS, REWARD_COLUMNS } from '@openpool/domain/miner-export';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;
const ADDRESS = 'ltc1qexport000000000000000000000000000exp';
let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});
afterAll(async () => {
  await stopTestServer();
});

/** A miner with payouts whose amounts test every digit (ltc has 8 decimals, doge 8) and credits of each scheme. */
async function minerWithHistory(): Promise<Harness> {
  h = await createHarness(NOW);
  const db = h.db.pool;
  await db.query(`insert into miners (coin, address, first_share_at, last_share_at) values ('ltc', $1, $2, $3)`, [
    ADDRESS,
    new Date(NOW - 400 * DAY),
    new Date(NOW),
  ]);
  const payouts: [string, string, number, string | null, string, number | null][] = [
    // coin, amount (units), at, txid, status, confirmations
    ['ltc', '1', NOW - 300 * DAY, 'aa01', 'paid', null],
    ['ltc', '123456789012345678901234', NOW - 2 * DAY - 3600_000, 'aa02', 'paid', 12],
    ['doge', '100000001', NOW - 2 * DAY, 'bb01', 'paid', 0],
    ['ltc', '5000000', NOW - DAY + 1000, null, 'unpaid', null],
  ];
  for (const [coin, amount, at, txid, status, confirmations] of payouts)
    await db.query(
      `insert into payouts (coin, address, amount, created_at, status, txid, confirmations) values ($1, $2, $3, $4, $5, $6, $7)`,
      [coin, ADDRESS, amount, new Date(at), status, txid, confirmations],
    );
  const block = async (coin: string, scheme: string, merged: string | null, hash: string) =>
    (
      await db.query<{ id: string }>(
        `insert into blocks (coin, merged_from, height, hash, finder, scheme, reward, fees, found_at)
         values ($1, $2, 1, $3, $4, $5, 1, 0, $6) returning id`,
        [coin, merged, hash, ADDRESS, scheme, new Date(NOW - 2 * DAY)],
      )
    ).rows[0]!.id;
  const prop = await block('ltc', 'prop', null, 'b1');
  const doge = await block('doge', 'pps', 'ltc', 'b2');
  const ledger: [string, string, string, string | null, number][] = [
    ['ltc', 'pps', '333', null, NOW - 2 * DAY],
    ['ltc', 'pps', '667', null, NOW - 2 * DAY + 60_000],
    ['ltc', 'block', '250000000', prop, NOW - 2 * DAY],
    ['ltc', 'orphan', '-250000001', prop, NOW - DAY],
    ['doge', 'merge', '99', doge, NOW - 2 * DAY],
  ];
  for (const [coin, kind, immature, blockId, at] of ledger)
    await db.query(`insert into ledger (coin, address, kind, immature, block_id, at) values ($1, $2, $3, $4, $5, $6)`, [
      coin,
      ADDRESS,
      kind,
      immature,
      blockId,
      new Date(at),
    ]);
  return h;
}

const exportUrl = (query: string) => `/ltc/api/v1/miner/export/${ADDRESS}?${query}`;

async function both(harness: Harness, query: string) {
  const csv = await harness.app.inject({ method: 'GET', url: exportUrl(`${query}&format=csv`) });
  const json = await harness.app.inject({ method: 'GET', url: exportUrl(`${query}&format=json`) });
  expect(csv.statusCode).toBe(200);
  expect(json.statusCode).toBe(200);
  return { csv, json, rows: (json.json() as { results: Record<string, unknown>[] }).results };
}

/** The CSV's records as objects, with JSON's types: empty is null, confirmations and blocks are numbers. */
function csvObjects(text: string): Record<string, unknown>[] {
  const [header = [], ...records] = parseCsv(text);
  return records.map((record) =>
    Object.fromEntries(
      header.map((column, index) => {
        const value = record[index] ?? '';
        if (value === '') return [column, null];
        return [column, column === 'confirmations' || column === 'blocks' ? Number(value) : value];
      }),
    ),
  );
}

describe('miner exports', () => {
  it('payouts: the CSV read back equals the JSON, every unit, oldest first, merged coins included', async () => {
    const { csv, json, rows } = await both(await minerWithHistory(), 'kind=payouts&fiat=USD');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="openpool-ltc-.*-payouts-.*\.csv"$/);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    // RFC 4180: CRLF after every record, the header first.
    expect(csv.body.split('\r\n')[0]).toBe([...PAYOUT_COLUMNS, ...FIAT_COLUMNS].join(','));
    expect(csv.body.endsWith('\r\n')).toBe(true);
    expect(csv.body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(rows.map((row) => row.amount)).toEqual(['0.00000001', '1234567890123456.78901234', '1.00000001', '0.05']);
    expect(rows.map((row) => [row.coin, row.status, row.txid, row.confirmations])).toEqual([
      ['ltc', 'Paid', 'aa01', null],
      ['ltc', 'Paid', 'aa02', 12],
      ['doge', 'Unpaid', 'bb01', 0],
      ['ltc', 'Unpaid', null, null],
    ]);
    expect(rows[0]!.time_utc).toBe(new Date(NOW - 300 * DAY).toISOString().replace('.000Z', 'Z'));
    // JSON omits nothing the CSV has, and nulls are the CSV's empty fields.
    const fromCsv = csvObjects(csv.body);
    expect(fromCsv).toEqual(rows.map((row) => ({ ...row })));
  });

  it('rewards: per UTC day, coin and scheme, orphan take-backs negative, the CSV equal to the JSON', async () => {
    const { csv, rows } = await both(await minerWithHistory(), 'kind=rewards');
    expect(csv.body.split('\r\n')[0]).toBe(REWARD_COLUMNS.join(','));
    const day = (offset: number) => new Date(NOW - offset * DAY).toISOString().slice(0, 10);
    expect(rows).toEqual([
      { day_utc: day(2), coin: 'doge', scheme: 'merge', amount: '0.00000099', blocks: 1 },
      { day_utc: day(2), coin: 'ltc', scheme: 'pps', amount: '0.00001', blocks: 0 },
      { day_utc: day(2), coin: 'ltc', scheme: 'prop', amount: '2.5', blocks: 1 },
      { day_utc: day(1), coin: 'ltc', scheme: 'prop', amount: '-2.50000001', blocks: 0 },
    ]);
    expect(csvObjects(csv.body)).toEqual(rows);
  });

  it('the range is whole UTC days, both ends included', async () => {
    const harness = await minerWithHistory();
    const day = (offset: number) => new Date(NOW - offset * DAY).toISOString().slice(0, 10);
    const { rows } = await both(harness, `kind=payouts&from=${day(2)}&to=${day(2)}`);
    expect(rows.map((row) => row.txid)).toEqual(['aa02', 'bb01']);
    const none = await both(harness, `kind=payouts&from=2020-01-01&to=2020-12-31`);
    expect(none.rows).toEqual([]);
    expect(parseCsv(none.csv.body)).toEqual([[...PAYOUT_COLUMNS]]);
  });

  it('values each row at its own day’s rate and names the source', async () => {
    const harness = await minerWithHistory();
    const { rows } = await both(harness, 'kind=payouts&fiat=EUR');
    const kept = await harness.db.pool.query<{
      day: string;
      source: string;
      fiat: Record<string, number>;
      crypto: Record<string, number>;
    }>(`select to_char(day, 'YYYY-MM-DD') as day, source, fiat, crypto from rate_days order by day`);
    expect(kept.rows.length).toBe(3);
    for (const row of rows) {
      const rate = kept.rows.find((r) => r.day === String(row.time_utc).slice(0, 10))!;
      const price = rate.crypto[String(row.coin).toUpperCase()]! * rate.fiat.EUR!;
      expect(row.rate_source).toBe('simulated');
      expect(Number(row.fiat_rate)).toBeCloseTo(price, 6);
      const units = BigInt(String(row.amount).replace('.', '').replace(/^0+/, '') || '0');
      const decimals = String(row.amount).split('.')[1]?.length ?? 0;
      expect(row.fiat_value).toBe(fiatValue(units, decimals, Number(row.fiat_rate)));
    }
    // Two days' prices differ: each payout is not valued at today's rate.
    expect(new Set(rows.map((row) => row.fiat_rate)).size).toBeGreaterThan(1);
  });

  it('refuses a bad range or currency with 400 and an unknown miner with 404', async () => {
    const harness = await minerWithHistory();
    for (const query of ['from=2026-02-30', 'from=2026-11-20&to=2026-11-19', 'fiat=XYZ', 'fiat=usd', 'kind=balances'])
      expect((await harness.app.inject({ method: 'GET', url: exportUrl(query) })).statusCode, query).toBe(400);
    const unknown = await harness.app.inject({ method: 'GET', url: '/ltc/api/v1/miner/export/ltc1qnobody' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a range above ten years with 400, and takes exactly ten (decision 029)', async () => {
    const harness = await minerWithHistory();
    for (const query of ['kind=rewards&from=1026-11-20&to=2026-11-20', 'kind=rewards&from=0100-01-01&to=9999-12-31']) {
      const answer = await harness.app.inject({ method: 'GET', url: exportUrl(query) });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toMatchObject({ message: expect.stringMatching(/at most 3653 days/) });
    }
    const tenYears = await harness.app.inject({ method: 'GET', url: exportUrl('kind=rewards&from=2016-11-20&to=2026-11-20') });
    expect(tenYears.statusCode).toBe(200);
    const longer = await harness.app.inject({ method: 'GET', url: exportUrl('kind=rewards&from=2016-11-19&to=2026-11-20') });
    expect(longer.statusCode).toBe(400);
  });

  it('reads ten years of rewards in one query, and stops reading payouts when the client leaves', async () => {
    const harness = await minerWithHistory();
    const pool = harness.db.pool;
    // 60,000 payouts: twelve pages of the export's 5,000 rows.
    await pool.query(
      `insert into payouts (coin, address, amount, created_at, status, txid)
       select 'ltc', $1, 100000 + i, to_timestamp($2 / 1000.0) + i * interval '1 second', 'paid', 'tx' || i
       from generate_series(1, 60000) as i`,
      [ADDRESS, NOW - 100 * DAY],
    );
    const queries: string[] = [];
    const pending = new Set<Promise<unknown>>();
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : '';
      if (text.includes('from ledger l') || text.includes('from payouts where coin = c.coin')) queries.push(text);
      const running = query(...args);
      pending.add(running);
      void running.finally(() => pending.delete(running)).catch(() => undefined);
      return running;
    };
    const settled = async () => {
      // Until no query the export started is running and none starts after them.
      while (pending.size > 0) {
        await Promise.allSettled([...pending]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };

    const rewards = await harness.app.inject({ method: 'GET', url: exportUrl('kind=rewards&from=2016-11-21&to=2026-11-20') });
    expect(rewards.statusCode).toBe(200);
    expect(queries.filter((text) => text.includes('from ledger l'))).toHaveLength(1); // was 118, one per 31 days

    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = harness.app.server.address() as AddressInfo;
    const closed = new Promise<void>((resolve) => harness.app.server.once('request', (_req, res) => res.once('close', resolve)));
    await new Promise<void>((resolve, reject) => {
      const request = get(`http://127.0.0.1:${port}${exportUrl('kind=payouts&from=2026-01-01')}`, (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (error.message.includes('socket hang up') ? resolve() : reject(error)));
    });
    await closed;
    await settled();
    const pages = queries.filter((text) => text.includes('from payouts where coin = c.coin')).length;
    // The first page, the one read ahead, and one the stream buffered: never the twelve.
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(3);
  });
});
