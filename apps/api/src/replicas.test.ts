/**
 * Several API replicas on one PostgreSQL (decision 014): two real server processes
 * on one database ingest a day of simulated events through both, sources of one coin family
 * at the same time on different replicas, and one replica is killed (kill -9) while it runs
 * an hour job. The sender retries that batch at the other replica. Every accounting total
 * (ledger, balances, payouts, credited shares, clocks, offsets) must equal a single engine
 * applying the same batches in order: no hour job ran twice, none was lost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { toNdjson, type IngestEvent } from '@openpool/domain/events';
import { parsePoolConfig } from '@openpool/domain/pool-config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded.ts';
import { guardFolder, type GuardedFolder } from './testing/folder-guard.ts';
import { migrate } from './db/migrate.ts';
import { createEngine } from './engine/engine.ts';
import { createSimulatedSender } from './engine/payouts/payout-sender.ts';
import { parseEvents } from './ingest/ndjson.ts';
import { createSimulator } from './simulator/simulator.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const SERVER = resolve(import.meta.dirname, 'server.ts');
const TOKEN = 'replicas-test-token-0123456789';
const PORTS = [18610, 18611] as const;
const HOUR = 3_600_000;
const dirs: GuardedFolder[] = [];
const children = new Set<ChildProcess>();
const pools: pg.Pool[] = [];
let postgres: EmbeddedPostgres | undefined;

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const pool of pools) await pool.end().catch(() => undefined);
  await postgres?.stop();
  // With their PostgreSQL: a replica killed here (a failed test) leaves its own running (decision 001).
  for (const dir of dirs.splice(0)) await dir.remove();
});

function startServer(port: number, databaseUrl: string): Promise<ChildProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'op-replica-'));
  dirs.push(guardFolder(dataDir));
  const child = spawn(process.execPath, [SERVER], {
    env: {
      // The server's own environment is what is under test; ours only passes PATH and the like.
      // eslint-disable-next-line no-restricted-properties
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      SIMULATOR: 'off',
      INGEST_TOKEN: TOKEN,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolvePromise(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}

interface Batch {
  source: string;
  ndjson: string;
}

/**
 * A day and a half of two simulated coins (sources sim-ltc and sim-kas), plus a stratum
 * server 'stratum-b' sending kas solo shares of its own miners: the same coin family as
 * sim-kas, so the two contend for its lock and either may run its hour jobs. Solo shares of
 * miners who never find a block move no money, so the totals do not depend on which of the
 * two a replica applies first. Cut into one batch per source and hour.
 */
async function makeHours(from: number, until: number): Promise<Batch[][]> {
  const pool = parsePoolConfig(JSON.parse(readFileSync(join(ROOT, 'content', 'pools.json'), 'utf8')));
  const lines = new Map<string, string[]>();
  const simulator = createSimulator({
    seed: 16,
    coins: ['ltc', 'kas'],
    pool,
    minersPerCoin: 4,
    send: async (source, ndjson) => {
      lines.set(source, [...(lines.get(source) ?? []), ...ndjson.trimEnd().split('\n')]);
    },
  });
  const hours: Batch[][] = [];
  const hourOf = (at: number) => Math.floor((at - from) / HOUR);
  const add = (hour: number, source: string, line: string) => {
    hours[hour] ??= [];
    let batch = hours[hour].find((candidate) => candidate.source === source);
    if (!batch) hours[hour].push((batch = { source, ndjson: '' }));
    batch.ndjson += line + '\n';
  };
  await simulator.run(from, until, 'backfill');
  for (const [source, sourceLines] of lines) {
    for (const line of sourceLines) add(hourOf((JSON.parse(line) as { at: number }).at), source, line);
  }
  let seq = 0;
  for (let at = from; at < until; at += 60_000) {
    const events: IngestEvent[] = Array.from({ length: 5 }, (_, i) => ({
      type: 'share' as const,
      seq: ++seq,
      coin: 'kas' as const,
      address: `kaspa:q${'qpzry9x8gf2tvdw0s3jn54khce6mua7l'.repeat(2).slice(0, 59)}${'qpzry'[i]}`,
      worker: 'rig',
      scheme: 'solo' as const,
      difficulty: 1000 + i,
      status: 'valid' as const,
      ip: '192.0.2.7',
      at: at + i,
    }));
    for (const line of toNdjson(events).trimEnd().split('\n')) add(hourOf(at), 'stratum-b', line);
  }
  return hours;
}

/** Posts a batch to the first replica that takes it, retrying 409 (busy) and lost replicas. */
async function post(batch: Batch, ports: readonly number[]): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = ports[attempt % ports.length]!;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/internal/v1/events?source=${batch.source}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
        body: batch.ndjson,
      });
      if (response.status === 200) return;
      if (response.status !== 409 && response.status !== 503) throw new Error(`${response.status}: ${await response.text()}`);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error; // TypeError: fetch failed, the replica is gone
    }
    await sleep(250);
  }
  throw new Error(`batch of ${batch.source} never accepted`);
}

const TOTALS = {
  ledger: `select coin, kind, sum(mature)::text as mature, sum(immature)::text as immature, count(*)::int as rows
           from ledger group by 1, 2 order by 1, 2`,
  balances: 'select coin, address, mature::text, immature::text from balances order by 1, 2',
  payouts: 'select coin, address, amount::text, created_at from payouts order by 1, 2, 4',
  // Work is double precision: two databases add the same rows in another order and differ in
  // the last bit (575255815.5826001 beside 575255815.5826), so it is compared to a thousandth.
  // Money (ledger, balances, payouts) is exact numeric and compared whole.
  credited: `select coin, scheme, round(sum(valid)::numeric, 3)::float8 as valid,
                    round(sum(credited)::numeric, 3)::float8 as credited
             from miner_hourly group by 1, 2 order by 1, 2`,
  blocks: 'select coin, height, status, reward::text from blocks order by 1, 2',
  clocks: 'select coin, hours_done from engine_clock order by 1',
  offsets: 'select source, last_seq::text from ingest_offsets order by 1',
};

async function totals(pool: pg.Pool): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(TOTALS)) out[name] = (await pool.query(sql)).rows;
  return out;
}

describe('two API replicas on one PostgreSQL', () => {
  it('ingest through both, one killed in an hour job: totals equal a single-process run', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'op-replicas-pg-'));
    dirs.push(guardFolder(dir));
    postgres = await startEmbeddedPostgres({ dir, database: 'replicas' });
    const { host, port, user } = postgres.connection;
    const admin = new pg.Pool({ host, port, user, database: 'replicas', max: 2 });
    pools.push(admin);
    // Idle clients see PostgreSQL's own stop at the end; that is not a failure.
    admin.on('error', () => undefined);
    await admin.query('create database single');
    const single = new pg.Pool({ host, port, user, database: 'single', max: 4 });
    pools.push(single);
    single.on('error', () => undefined);
    await migrate(single);

    // 24 hours that end 12 hours ago, aligned to the hour: inside the 48-hour window ingest
    // accepts from outside senders (decision 018) at any time of day. Aligned to the day they
    // were refused every afternoon UTC (their first hour was then more than 48 hours old).
    // One reading of the clock: two could fall on either side of an hour's start.
    const wallNow = Date.now();
    const hourNow = wallNow - (wallNow % HOUR);
    const from = hourNow - 36 * HOUR;
    const hours = await makeHours(from, hourNow - 12 * HOUR);
    expect(hours.length).toBe(24);

    // The reference: one engine in this process, the batches of each hour in order.
    const pool = parsePoolConfig(JSON.parse(readFileSync(join(ROOT, 'content', 'pools.json'), 'utf8')));
    const engine = createEngine({ pool: single, config: pool, sender: createSimulatedSender() });
    for (const hour of hours) for (const batch of hour) await engine.ingest(batch.source, parseEvents(batch.ndjson, Date.now()));

    const url = `postgresql://${user}@/replicas?host=${encodeURIComponent(host)}&port=${port}`;
    const [a, b] = (await Promise.all(PORTS.map((p) => startServer(p, url)))) as [ChildProcess, ChildProcess];
    const KILL_HOUR = 9;
    let sawHourJob = false;
    for (let h = 0; h < hours.length; h += 1) {
      const batches = hours[h]!;
      const ltc = batches.find((batch) => batch.source === 'sim-ltc')!;
      const rest = batches.filter((batch) => batch !== ltc);
      if (h === KILL_HOUR) {
        // Hold the rows ltc's PPS credit for the past hour must lock, so the replica stops
        // inside the hour job; kill it there, let go, and the sender retries at the other one.
        const holder = await admin.connect();
        await holder.query('begin');
        const held = await holder.query(
          `select 1 from miner_hourly where coin = 'ltc' and hour = $1 and valid > credited for share`,
          [new Date(from + (h - 1) * HOUR)],
        );
        expect(held.rowCount).toBeGreaterThan(0);
        const inFlight = fetch(`http://127.0.0.1:${PORTS[0]}/internal/v1/events?source=${ltc.source}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
          body: ltc.ndjson,
        }).then(
          (response) => response.status,
          () => 'lost',
        );
        for (let i = 0; i < 200 && !sawHourJob; i += 1) {
          const waiting = await admin.query(
            `select pid from pg_stat_activity where wait_event_type = 'Lock' and query like '%valid > credited%for update%'`,
          );
          sawHourJob = waiting.rowCount === 1;
          if (!sawHourJob) await sleep(100);
        }
        expect(sawHourJob).toBe(true);
        a.kill('SIGKILL');
        expect(await inFlight).toBe('lost');
        await holder.query('rollback');
        holder.release();
        await post(ltc, [PORTS[1]]);
        await Promise.all(rest.map((batch) => post(batch, [PORTS[1]])));
        continue;
      }
      const live = h < KILL_HOUR ? PORTS : [PORTS[1]];
      // ltc to one replica; kas and stratum-b, one family, at once to both.
      await post(ltc, [live[h % live.length]!]);
      await Promise.all(rest.map((batch, i) => post(batch, [live[(h + i) % live.length]!])));
    }

    const got = await totals(admin);
    const want = await totals(single);
    expect(want.ledger?.length).toBeGreaterThan(3);
    expect(want.payouts?.length).toBeGreaterThan(0);
    expect(got).toEqual(want);
    b.kill('SIGINT');
  });
});
