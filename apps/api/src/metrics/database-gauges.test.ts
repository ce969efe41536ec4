import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POOL_CONFIG } from '../testing/harness.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { createSolvencyCheck } from '../solvency/solvency.ts';
import { registerDatabaseGauges } from './database-gauges.ts';
import { registerSolvencyGauges } from './solvency-gauges.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

/** A wallet that answers getbalances with `trusted` LTC, or a node that is not there. */
function wallet(trusted: number | 'down'): typeof fetch {
  return (async () => {
    if (trusted === 'down') throw new TypeError('fetch failed');
    return new Response(JSON.stringify({ result: { mine: { trusted, untrusted_pending: 0, immature: 0 } }, error: null }));
  }) as typeof fetch;
}

describe('database gauges', () => {
  it('read the pool’s state from PostgreSQL at scrape time', async () => {
    const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000);
    await db.pool.query(`insert into engine_clock (coin, event_time, hours_done) values ('ltc', $1, $1), ('btc', $2, $2)`, [
      at(30),
      at(900),
    ]);
    await db.pool.query(`insert into ingest_offsets (source, last_seq, updated_at) values ('stratum-ltc', 42, $1)`, [at(30)]);
    await db.pool.query(`insert into balances (coin, address, mature, immature, paid) values
      ('ltc', 'a', 150000000, 20000000, 500000000), ('ltc', 'b', 50000000, 0, 0), ('btc', 'c', 1000, 0, 0)`);
    await db.pool.query(
      `insert into payouts (coin, address, amount, created_at, status, txid, paid_at, confirmations) values
      ('ltc', 'a', 100000000, $1, 'unpaid', null, null, null),
      ('ltc', 'a', 300000000, $2, 'paid', 'tx1', $3, 0),
      ('ltc', 'a', 100000000, $2, 'paid', 'tx0', $2, 12)`,
      [at(7200), at(4000), at(3600)],
    );
    await db.pool.query(
      `insert into held_credits (coin, kind, hour, address, total, ceiling, reason) values
      ('ltc', 'payout', $1, 'b', 7, 1, 'above the cap')`,
      [at(3600)],
    );
    await db.pool.query(`insert into engine_faults (coin, job, hour, message, attempts) values ('btc', 'pps', $1, 'boom', 3)`, [
      at(3600),
    ]);

    const registry = new Registry();
    registerDatabaseGauges(registry, { db: db.pool, config: POOL_CONFIG, nodeCoins: ['ltc'], now: () => NOW });
    const text = await registry.metrics();
    expect(text).toContain('openpool_db_up 1');
    expect(text).toContain('openpool_ingest_clock_lag_seconds{coin="ltc"} 30');
    expect(text).toContain('openpool_ingest_clock_lag_seconds{coin="btc"} 900');
    expect(text).toContain(`openpool_ingest_source_last_batch_seconds{source="stratum-ltc"} ${(NOW - 30_000) / 1000}`);
    expect(text).toContain('openpool_engine_hour_job_failing{coin="btc",job="pps"} 3');
    expect(text).toContain('openpool_payouts{coin="ltc",status="unpaid"} 1');
    expect(text).toContain('openpool_payouts{coin="ltc",status="in_mempool"} 1');
    expect(text).toContain('openpool_payouts{coin="ltc",status="held"} 1');
    expect(text).toContain('openpool_payouts_oldest_age_seconds{coin="ltc",status="unpaid"} 7200');
    expect(text).toContain('openpool_payouts_oldest_age_seconds{coin="ltc",status="in_mempool"} 3600');
    // 5 LTC of payouts made (balances.paid), 1 unpaid and 3 in the mempool: 1 paid.
    expect(text).toContain('openpool_payouts_amount_coins{coin="ltc",status="paid"} 1');
    expect(text).toContain('openpool_balances_coins{coin="ltc",state="mature"} 2');
    // Owed: 2 LTC mature plus the 1 LTC unpaid payout.
    expect(text).toContain('openpool_owed_coins{coin="ltc"} 3');
    expect(text).toContain('openpool_held_credits{coin="ltc",kind="payout"} 1');
    expect(text).toContain('openpool_notify_outbox_messages{status="pending"} 0');
    expect(text).toMatch(/openpool_db_pool_clients\{state="total"\} \d/);
  });

  it('say so when PostgreSQL does not answer, and still serve the rest', async () => {
    const registry = new Registry();
    const broken = { query: () => Promise.reject(new Error('down')), totalCount: 0, idleCount: 0, waitingCount: 0 };
    registerDatabaseGauges(registry, { db: broken as never, config: POOL_CONFIG, nodeCoins: [] });
    const text = await registry.metrics();
    expect(text).toContain('openpool_db_up 0');
    expect(text).not.toContain('openpool_owed_coins{');
  });
});

describe('solvency', () => {
  it('sets the wallet against mature balances plus unpaid payouts', async () => {
    const check = createSolvencyCheck({
      db: db.pool,
      config: POOL_CONFIG,
      nodes: [{ coin: 'ltc', rpcUrl: 'http://u:p@127.0.0.1:1/wallet/pool' }],
      fetch: wallet(2.5),
    });
    const [ltc] = await check.report();
    expect(ltc).toMatchObject({ coin: 'ltc', spendable: '2.5', mature: '2', unpaid: '1', owed: '3', margin: '-0.5', node: 'ok' });
    const registry = new Registry();
    registerSolvencyGauges(registry, () => check);
    const text = await registry.metrics();
    expect(text).toContain('openpool_solvency_margin_coins{coin="ltc"} -0.5');
    expect(text).toContain('openpool_wallet_spendable_coins{coin="ltc"} 2.5');
    expect(text).toContain('openpool_node_up{coin="ltc"} 1');
  });

  it('tells a node that does not answer', async () => {
    const outcomes: unknown[] = [];
    const check = createSolvencyCheck({
      db: db.pool,
      config: POOL_CONFIG,
      nodes: [{ coin: 'ltc', rpcUrl: 'http://u:p@127.0.0.1:1' }],
      fetch: wallet('down'),
      onRpc: (outcome) => outcomes.push(outcome),
    });
    const [ltc] = await check.report();
    expect(ltc).toMatchObject({ spendable: null, margin: null, node: 'unreachable', owed: '3' });
    expect(outcomes).toMatchObject([{ coin: 'ltc', method: 'getbalances', error: 'unreachable' }]);
  });

  it('tells a node that answers with an error from one that does not answer', async () => {
    const outcomes: unknown[] = [];
    const check = createSolvencyCheck({
      db: db.pool,
      config: POOL_CONFIG,
      nodes: [{ coin: 'ltc', rpcUrl: 'http://u:p@127.0.0.1:1' }],
      fetch: (async () =>
        new Response(JSON.stringify({ result: null, error: { code: -18, message: 'Requested wallet does not exist' } }), {
          status: 500,
        })) as typeof fetch,
      onRpc: (outcome) => outcomes.push(outcome),
    });
    const [ltc] = await check.report();
    expect(ltc).toMatchObject({ spendable: null, margin: null, node: 'ok', owed: '3' });
    expect(ltc?.error).toContain('Requested wallet does not exist');
    expect(outcomes).toMatchObject([{ coin: 'ltc', method: 'getbalances', error: 'rpc' }]);
  });
});
