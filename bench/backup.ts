// `npm run bench:backup`: what the backup's read-back and the restore's checks cost (decision
// 022, its addendum of 2026-11-28). An embedded PostgreSQL gets BENCH_BACKUP_ROWS ledger rows (default
// 1,000,000) over 20,000 miners with their balances and payouts (sound: balances = ledger, paid
// = payouts) and workers whose agents hold U+2028; then it times the dump, the backup's
// read-back of its own file, the restore into a fresh database (one transaction, checks
// included) and, apart, the ledger-invariant query the restore runs before it commits.
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { writeDump } from '../apps/api/src/backup/dump.ts';
import { dumpFileLines, verifyDumpFile } from '../apps/api/src/backup/dump-file.ts';
import { loadDump } from '../apps/api/src/backup/load.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { ledgerViolations } from '../apps/api/src/engine/invariants.ts';

const ROWS = Number(process.env.BENCH_BACKUP_ROWS ?? 1_000_000);
const MINERS = 20_000;

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const dir = mkdtempSync(join(tmpdir(), 'op-bench-backup-'));
const server = await startEmbeddedPostgres({ dir: join(dir, 'postgres'), database: 'source' });
const source = new pg.Pool({ ...server.connection, max: 2 });
const admin = new pg.Pool({ ...server.connection, database: 'postgres', max: 1 });
try {
  await migrate(source);
  let at = performance.now();
  // Per miner: ROWS / MINERS - 1 credits of 1000 units and one payout of 500 with its ledger row.
  const perMiner = Math.max(2, Math.floor(ROWS / MINERS));
  await source.query(
    `insert into payouts (coin, address, amount, created_at, status, txid, paid_at)
     select 'ltc', 'ltc1qbench' || m, 500, '2026-11-01', 'paid', md5(m::text), '2026-11-01' from generate_series(1, $1) m`,
    [MINERS],
  );
  await source.query(
    `insert into ledger (coin, address, kind, mature, immature, payout_id, at)
     select 'ltc', 'ltc1qbench' || m, 'pps', 1000, 0, null, '2026-11-01'::timestamptz + (i || ' minutes')::interval
       from generate_series(1, $1) m, generate_series(1, $2) i
     union all
     select 'ltc', 'ltc1qbench' || m, 'payout', -500, 0, m, '2026-11-02' from generate_series(1, $1) m`,
    [MINERS, perMiner - 1],
  );
  await source.query(
    `insert into balances (coin, address, mature, immature, paid)
     select coin, address, sum(mature), sum(immature), 500 from ledger group by 1, 2`,
  );
  await source.query(
    `insert into workers (coin, address, worker, scheme, first_share_at, last_share_at, agent)
     select 'ltc', 'ltc1qbench' || m, 'rig' || chr(8232) || m, 'pps', now(), now(), 'cgminer' || chr(8233) || '😀'
       from generate_series(1, $1) m`,
    [MINERS],
  );
  await source.query('analyze');
  const ledgerRows = (await source.query<{ n: string }>('select count(*)::text as n from ledger')).rows[0]!.n;
  console.log(`seeded ${ledgerRows} ledger rows, ${MINERS} balances, payouts and workers in ${seconds(at)} s`);

  const file = join(dir, 'bench.dump.gz');
  at = performance.now();
  const text = new PassThrough();
  const [summary] = await Promise.all([
    writeDump(source, text).finally(() => text.end()),
    pipeline(text, createGzip(), createWriteStream(file)),
  ]);
  const total = Object.values(summary.rows).reduce((sum, n) => sum + n, 0);
  console.log(`dump: ${total} rows, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB gzip in ${seconds(at)} s`);
  at = performance.now();
  await verifyDumpFile(file, summary);
  console.log(`backup's read-back of its own file: ${seconds(at)} s`);

  await admin.query('create database restored');
  const restored = new pg.Pool({ ...server.connection, database: 'restored', max: 2 });
  try {
    at = performance.now();
    await loadDump(restored, dumpFileLines(file));
    console.log(`restore (migrations, rows, sequences, counts, invariants, commit, analyze): ${seconds(at)} s`);
    at = performance.now();
    const violations = await ledgerViolations(restored);
    console.log(`the ledger invariants alone, on the restored database: ${seconds(at)} s (${violations.length} violated)`);
  } finally {
    await restored.end();
  }
} finally {
  await source.end();
  await admin.end();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
