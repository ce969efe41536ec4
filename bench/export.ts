// `npm run bench:export`: a miner's export streamed from the API (decision 023, exports).
// One API process owns an embedded PostgreSQL holding a miner with 100,000 hourly payouts (11.4
// years) and ten years of daily credits, and one with 100 payouts. Each export is downloaded
// from a fresh API replica on that database, so its peak RSS (VmHWM) is that export's alone;
// the baselines are the same replica idle, the 100-payout export, and a buffered export (every
// row read at once, the file built in memory, as an export without streaming would do).
// An export covers at most ten years (decision 029): without `from`, the 100,000 payouts'
// last ten years (87,6xx rows). Last, a client that leaves after the first chunk.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
// @ts-expect-error: a plain .mjs module of the scripts, without types.
import { API_NODE_ARGS } from '../scripts/node-runtime.mjs';

const OWNER_PORT = 18970;
const REPLICA_PORT = 18971;
const TOKEN = 'bench-token-0123456789abcdef';
const PAYOUTS = Number(process.env.BENCH_EXPORT_PAYOUTS ?? 100_000);
const BIG = 'ltc1qbenchexport0000000000000000000000big';
const SMALL = 'ltc1qbenchexport000000000000000000000small';
const root = join(import.meta.dirname, '..');
const HOUR = 3_600_000;

interface Api {
  child: ChildProcess;
  output: string;
}

async function startApi(env: Record<string, string>, port: number): Promise<Api> {
  // As `npm start` runs the API (scripts/node-runtime.mjs): the same V8 heap growth.
  const child = spawn(process.execPath, [...API_NODE_ARGS, join(root, 'apps/api/src/server.ts')], {
    env: {
      ...process.env,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      INGEST_TOKEN: TOKEN,
      SIMULATOR: 'off',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const api: Api = { child, output: '' };
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      api.output += chunk.toString();
      if (api.output.includes('listening on')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`API exited (${code})`)));
  });
  return api;
}

async function stopApi(api: Api): Promise<void> {
  await new Promise((resolve) => {
    api.child.once('exit', resolve);
    api.child.kill('SIGINT');
  });
}

const statusKb = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

function download(path: string): Promise<{ ms: number; bytes: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let bytes = 0;
    http
      .get({ host: '127.0.0.1', port: REPLICA_PORT, path }, (response) => {
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ ms: performance.now() - started, bytes, status: response.statusCode ?? 0 }));
      })
      .on('error', reject);
  });
}

async function seed(databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  // The owner stopping (after a failure) ends this connection too: that is not a second failure.
  db.on('error', () => undefined);
  await db.connect();
  const end = Date.UTC(2026, 10, 20);
  const start = end - PAYOUTS * HOUR;
  for (const address of [BIG, SMALL])
    await db.query(`insert into miners (coin, address, first_share_at, last_share_at) values ('ltc', $1, $2, $3)`, [
      address,
      new Date(start),
      new Date(end),
    ]);
  // One payout an hour, amounts that use every decimal, a tx id each.
  await db.query(
    `insert into payouts (coin, address, amount, created_at, status, txid, confirmations)
     select 'ltc', $1, 10000000 + i * 7919, to_timestamp(($2::float8 + i::float8 * 3600000) / 1000), 'paid', md5(i::text) || md5((i + 1)::text), 6
     from generate_series(0, $3::int - 1) as i`,
    [BIG, start, PAYOUTS],
  );
  await db.query(
    `insert into payouts (coin, address, amount, created_at, status, txid)
     select 'ltc', $1, 10000000 + i, to_timestamp(($2::float8 - i::float8 * 3600000) / 1000), 'paid', md5(i::text) from generate_series(1, 100) as i`,
    [SMALL, end],
  );
  // Ten years of credits: a PPS credit every hour.
  await db.query(
    `insert into ledger (coin, address, kind, mature, at)
     select 'ltc', $1, 'pps', 1000 + i, to_timestamp(($2::float8 - i::float8 * 3600000) / 1000) from generate_series(1, 87600) as i`,
    [BIG, end],
  );
  await db.query('analyze');
  await db.end();
}

/**
 * A client that leaves after the first chunk of a long export (decision 029): which export
 * queries the replica starts after that moment, watched in pg_stat_activity for two seconds.
 */
async function leave(databaseUrl: string, path: string): Promise<{ started: number; lastMs: number | null }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const leftAt = await new Promise<Date>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port: REPLICA_PORT, path }, (response) => {
        response.once('data', () => {
          request.destroy();
          void db.query<{ now: Date }>('select clock_timestamp() as now').then((r) => resolve(r.rows[0]!.now), reject);
        });
      });
      request.on('error', () => undefined);
    });
    const seen = new Map<string, number>();
    const until = performance.now() + 2000;
    while (performance.now() < until) {
      const rows = await db.query<{ pid: number; query_start: Date }>(
        `select pid, query_start from pg_stat_activity
         where (query like '%from payouts where coin = c.coin%' or query like '%from ledger l left join blocks%')
           and query not like '%pg_stat_activity%' and query_start > $1`,
        [leftAt],
      );
      for (const row of rows.rows)
        seen.set(`${row.pid}@${row.query_start.toISOString()}`, row.query_start.getTime() - leftAt.getTime());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { started: seen.size, lastMs: seen.size > 0 ? Math.max(...seen.values()) : null };
  } finally {
    await db.end();
  }
}

/** The same export built in memory: every row in one query, the whole CSV as one string. */
const BUFFERED = `
import pg from 'pg';
const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
const rows = (await db.query("select created_at, amount::text as amount, txid, status from payouts where coin = 'ltc' and address = $1 order by created_at, id", [process.env.ADDRESS])).rows;
let csv = 'time_utc,coin,amount,txid,status\\r\\n';
for (const row of rows) csv += row.created_at.toISOString() + ',ltc,' + row.amount + ',' + row.txid + ',' + row.status + '\\r\\n';
await db.end();
const hwm = /VmHWM:\\s+(\\d+)/.exec((await import('node:fs')).readFileSync('/proc/self/status', 'utf8'))[1];
console.log(JSON.stringify({ rows: rows.length, bytes: csv.length, hwm: Number(hwm) }));
`;

const dataDir = mkdtempSync(join(tmpdir(), 'op-bench-export-'));
const owner = await startApi({ DATA_DIR: dataDir }, OWNER_PORT);
try {
  const databaseUrl = /DATABASE_URL=(\S+)/.exec(owner.output)?.[1];
  if (!databaseUrl) throw new Error('the API did not say how to join its database');
  const seeded = performance.now();
  await seed(databaseUrl);
  console.log(
    `export: seeded ${PAYOUTS.toLocaleString('en')} payouts and 87,600 credits in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  const run = async (label: string, path: string | null) => {
    const replica = await startApi({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, REPLICA_PORT);
    const pid = replica.child.pid!;
    const idle = statusKb(pid, 'VmRSS');
    const result = path ? await download(path) : null;
    const peak = statusKb(pid, 'VmHWM');
    await stopApi(replica);
    const what = result
      ? `${(result.ms / 1000).toFixed(2)} s, ${(result.bytes / 1e6).toFixed(1)} MB${result.status === 200 ? '' : ` (status ${result.status})`}`
      : 'no request';
    console.log(`export: ${label.padEnd(44)} ${what.padEnd(22)} RSS at start ${mb(idle)}, peak ${mb(peak)}`);
  };
  const big = `/ltc/api/v1/miner/export/${BIG}`;
  await run('baseline: replica idle', null);
  await run('baseline: 100 payouts, CSV', `/ltc/api/v1/miner/export/${SMALL}?kind=payouts&format=csv`);
  // Memory flat: the peak must not grow with the history. The last 10,000 payouts, then ten years of them.
  const tenThousandAgo = new Date(Date.UTC(2026, 10, 20) - 10_000 * HOUR).toISOString().slice(0, 10);
  await run('10,000 payouts (the last 417 days), CSV', `${big}?kind=payouts&format=csv&from=${tenThousandAgo}`);
  await run('payouts of the last ten years, CSV', `${big}?kind=payouts&format=csv`);
  await run('payouts of the last ten years, JSON', `${big}?kind=payouts&format=json`);
  // The first export with fiat fills 3,653 days of simulated rates; the second reads them.
  await run('payouts of the last ten years, CSV, USD (days filled)', `${big}?kind=payouts&format=csv&fiat=USD`);
  await run('payouts of the last ten years, CSV, USD (days kept)', `${big}?kind=payouts&format=csv&fiat=USD`);
  await run('10 years of daily rewards, CSV', `${big}?kind=rewards&format=csv&from=2016-11-21&to=2026-11-20`);
  {
    const replica = await startApi({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, REPLICA_PORT);
    const left = await leave(databaseUrl, `${big}?kind=payouts&format=csv`);
    await stopApi(replica);
    console.log(
      `export: ${'client leaves after the first chunk, payouts'.padEnd(44)} export queries started after it: ${left.started}${left.lastMs === null ? '' : ` (the last ${left.lastMs} ms after)`}`,
    );
  }

  const buffered = spawn(process.execPath, ['--input-type=module', '-e', BUFFERED], {
    cwd: join(root, 'apps/api'),
    env: { ...process.env, DATABASE_URL: databaseUrl, ADDRESS: BIG },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  const started = performance.now();
  buffered.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await new Promise((resolve) => buffered.on('exit', resolve));
  const figures = JSON.parse(text) as { rows: number; bytes: number; hwm: number };
  console.log(
    `export: ${'baseline: buffered (all rows, one string), CSV'.padEnd(44)} ${`${((performance.now() - started) / 1000).toFixed(2)} s, ${(figures.bytes / 1e6).toFixed(1)} MB`.padEnd(22)} peak ${mb(figures.hwm)} (a bare node with pg, no API)`,
  );
} finally {
  await stopApi(owner);
  rmSync(dataDir, { recursive: true, force: true });
}
