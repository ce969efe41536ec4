/**
 * Backups that always restore and restores that check what they load (decision 022 and
 * its addendum of 2026-11-28), on real PostgreSQL: a pool holding hostile text in every free-text column dumps,
 * verifies and restores equal; random rows of random Unicode do too (property); crafted
 * dumps (a table name as SQL, a balance with no ledger, a cut file, a changed row, an
 * unknown sequence) are refused and leave the target database empty.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync, createGzip } from 'node:zlib';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, stopTestServer, type TestDatabase } from '../testing/database.ts';
import { writeDump } from './dump.ts';
import { rowDigest } from './format.ts';
import { dumpFileLines, verifyDumpFile } from './dump-file.ts';
import { loadDump, RestoreError } from './load.ts';
import { describeReconcile } from './reconcile.ts';

/** What miners can send: line and paragraph separators, RTL marks and overrides, emoji, quotes. */
const HOSTILE = '\u2028a\u2029b\u200f\u202eעברית\u2066😀👩‍👩‍👧\r\n\t"\\\u0085\ufeff';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'op-backup-unit-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await stopTestServer();
});

/** A database with no tables: what a restore loads into. */
async function emptyDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  await db.pool.query('drop schema public cascade; create schema public');
  return db;
}

async function dumpToFile(pool: pg.Pool, name: string) {
  const file = join(dir, name);
  const text = new PassThrough();
  const [summary] = await Promise.all([
    writeDump(pool, text).finally(() => text.end()),
    pipeline(text, createGzip(), createWriteStream(file)),
  ]);
  await verifyDumpFile(file, summary);
  return { file, summary };
}

/** Every table's rows as PostgreSQL's record text, sorted: equal means equal to the byte. */
async function everyRow(pool: pg.Pool): Promise<Record<string, string[]>> {
  const tables = (
    await pool.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations' order by 1`,
    )
  ).rows.map((row) => row.name);
  const all: Record<string, string[]> = {};
  for (const table of tables)
    all[table] = (await pool.query<{ r: string }>(`select t::text as r from public."${table}" t order by 1`)).rows.map(
      (row) => row.r,
    );
  return all;
}

async function tableCount(pool: pg.Pool): Promise<number> {
  return (await pool.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0]!.n;
}

/** A sound ledger: a credit of 100, a payout of 40, a balance of 60 with 40 paid. */
async function seedMoney(pool: pg.Pool, coin: string, address: string, txid: string | null = 'tx') {
  const payout = await pool.query<{ id: string }>(
    `insert into payouts (coin, address, amount, created_at, status, txid, paid_at)
     values ($1, $2, 40, '2026-11-01T01:00:00Z', $3, $4, $5) returning id`,
    [coin, address, txid ? 'paid' : 'unpaid', txid, txid ? '2026-11-01T01:00:05Z' : null],
  );
  await pool.query(
    `insert into ledger (coin, address, kind, mature, immature, payout_id, at) values
       ($1, $2, 'pps', 100, 0, null, '2026-11-01T00:00:00Z'), ($1, $2, 'payout', -40, 0, $3, '2026-11-01T01:00:00Z')`,
    [coin, address, payout.rows[0]!.id],
  );
  await pool.query(`insert into balances (coin, address, mature, immature, paid) values ($1, $2, 60, 0, 40)`, [coin, address]);
}

const MONEY = new Set(['balances', 'ledger', 'payouts', 'schema_migrations']);
/** Values of columns whose CHECK allows a few words only. */
const CHOSEN: Record<string, string> = {
  channel: 'email',
  kind: 'confirm',
  'held_credits.kind': 'pps_hour',
  'audit_records.kind': 'pps',
};

/**
 * One row in every table (money by hand, the rest from the columns' types), then every text,
 * text[] and jsonb column that takes free text gets HOSTILE appended. Returns the columns changed.
 */
async function seedEverything(pool: pg.Pool): Promise<string[]> {
  await seedMoney(pool, 'ltc', 'ltc1qmoney');
  const columns = (
    await pool.query<{ table_name: string; column_name: string; udt_name: string; nullable: boolean; has_default: boolean }>(
      `select table_name, column_name, udt_name, is_nullable = 'YES' as nullable, column_default is not null as has_default
       from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
    )
  ).rows;
  const byTable = Map.groupBy(columns, (column) => column.table_name);
  const valueOf: Record<string, string> = {
    text: 'x',
    int4: '1',
    int8: '1',
    numeric: '1',
    float8: '1',
    bool: 'false',
    timestamptz: '2026-11-01T00:00:00Z',
    date: '2026-11-01',
    jsonb: '{}',
    _text: '{x}',
    inet: '127.0.0.1',
    bytea: '\\x00',
    uuid: '00000000-0000-4000-8000-000000000001',
  };
  // Parents before children: retry until every table has its row (a foreign key of 1 finds the parent's id 1).
  let pending = [...byTable.keys()].filter((table) => !MONEY.has(table));
  for (let round = 0; pending.length > 0 && round < 5; round += 1) {
    const failed: string[] = [];
    for (const table of pending) {
      const chosen = byTable.get(table)!.filter((c) => !c.has_default && (!c.nullable || c.udt_name === 'text'));
      const values = chosen.map((c) => CHOSEN[`${table}.${c.column_name}`] ?? CHOSEN[c.column_name] ?? valueOf[c.udt_name]);
      const sql = `insert into public."${table}" (${chosen.map((c) => `"${c.column_name}"`).join(', ')}) values (${chosen
        .map((c, i) => `$${i + 1}::${c.udt_name}`)
        .join(', ')})`;
      await pool.query(sql, values).catch(() => failed.push(table));
    }
    pending = failed;
  }
  expect(pending, 'tables the seed could not fill: give them a value in CHOSEN').toEqual([]);

  const changed: string[] = [];
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const column of columns) {
      if (column.table_name === 'schema_migrations') continue;
      const set =
        column.udt_name === 'text'
          ? `"${column.column_name}" || $1`
          : column.udt_name === '_text'
            ? `"${column.column_name}" || array[$1]`
            : column.udt_name === 'jsonb'
              ? `jsonb_build_object($1::text, "${column.column_name}", 'k', $1::text)`
              : undefined;
      if (!set) continue;
      await client.query('savepoint s');
      try {
        await client.query(`update public."${column.table_name}" set "${column.column_name}" = ${set}`, [HOSTILE]);
        changed.push(`${column.table_name}.${column.column_name}`);
      } catch {
        // A CHECK that allows a few words (a status, a kind): not free text.
        await client.query('rollback to savepoint s');
      }
    }
    await client.query('commit');
  } finally {
    client.release();
  }
  return changed;
}

describe('a backup of hostile text', () => {
  it('restores every table equal with U+2028, U+2029, emoji and RTL marks in every free-text column', async () => {
    const source = await createTestDatabase();
    const target = await emptyDatabase();
    try {
      const changed = await seedEverything(source.pool);
      // The columns the issue names among them, and the money keys (changed alike in every table).
      expect(changed).toEqual(
        expect.arrayContaining(['watcher_links.label', 'workers.agent', 'workers.worker', 'balances.address', 'ledger.address']),
      );
      expect(changed.length).toBeGreaterThan(60);
      const expected = await everyRow(source.pool);
      expect(Object.values(expected).every((rows) => rows.length > 0)).toBe(true);

      const { file } = await dumpToFile(source.pool, 'hostile.dump.gz');
      const text = gunzipSync(readFileSync(file)).toString('utf8');
      expect(text).not.toMatch(/[\u2028\u2029]/);
      // What a readline-based reader made of an older dump (raw separators): more lines than rows.
      const raw = text.replaceAll('\\u2028', '\u2028');
      const readlineSplit: string[] = [];
      for await (const line of createInterface({ input: Readable.from([raw]), crlfDelay: Infinity })) readlineSplit.push(line);
      const readlineLines = readlineSplit.length;
      expect(readlineLines).toBeGreaterThan(raw.split('\n').length - 1);

      const { rows } = await loadDump(target.pool, dumpFileLines(file));
      expect(rows.watcher_links).toBe(1);
      expect(await everyRow(target.pool)).toEqual(expected);
    } finally {
      await source.close();
      await target.close();
    }
  });

  it('restores a dump of the older format with raw U+2028 in its rows (version 1)', async () => {
    const target = await emptyDatabase();
    try {
      const migrations = (await createTestDatabase().then(async (db) => {
        const names = (await db.pool.query<{ version: string }>('select version from schema_migrations order by 1')).rows;
        await db.close();
        return names.map((row) => row.version);
      })) as string[];
      const header = {
        format: 'openpool-dump',
        version: 1,
        created_at: '2026-11-01T00:00:00.000Z',
        server_version: '18',
        migrations,
        tables: ['schema_migrations', 'notify_secrets'],
      };
      const lines = [
        JSON.stringify(header),
        '#table schema_migrations',
        ...migrations.map((name) => JSON.stringify(`(${name},"2026-11-01 00:00:00+00")`)),
        '#table notify_secrets',
        JSON.stringify('(a\u2028b,"s\u2029 ""q"" \\\\ 😀")'),
        '#sequences []',
        `#end ${JSON.stringify({ rows: { schema_migrations: migrations.length, notify_secrets: 1 } })}`,
      ];
      const file = join(dir, 'v1.dump.gz');
      writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
      await loadDump(target.pool, dumpFileLines(file));
      expect((await target.pool.query('select name, secret from notify_secrets')).rows).toEqual([
        { name: 'a\u2028b', secret: 's\u2029 "q" \\ 😀' },
      ]);
    } finally {
      await target.close();
    }
  });
});

/** Any Unicode text but NUL (refused at ingest, and by PostgreSQL): hostile pieces often. */
const unicodeText = fc
  .array(
    fc.oneof(
      {
        weight: 2,
        arbitrary: fc.constantFrom('\u2028', '\u2029', '\u200e', '\u200f', '\u202e', '😀', '\r', '\n', '"', '\\', '\u0085'),
      },
      { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }) },
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join('').replaceAll('\u0000', ''));

describe('backup, restore, equal', () => {
  it('holds for random rows with random Unicode (property)', { timeout: 240_000 }, async () => {
    let run = 0;
    // One source and one target for all runs, emptied between them (a fresh database per run
    // spent most of the time on migrations the load runs anyway).
    const source = await createTestDatabase();
    const target = await emptyDatabase();
    const tables = (
      await source.pool.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'schema_migrations'`,
      )
    ).rows.map((row) => `public."${row.name}"`);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(fc.record({ address: unicodeText, worker: unicodeText, agent: unicodeText, label: unicodeText }), {
            minLength: 1,
            maxLength: 6,
            selector: (row) => row.address,
          }),
          unicodeText,
          async (miners, message) => {
            await source.pool.query(`truncate ${tables.join(', ')} restart identity cascade`);
            await target.pool.query('drop schema public cascade; create schema public');
            for (const [i, miner] of miners.entries()) {
              await source.pool.query(
                `insert into workers (coin, address, worker, scheme, first_share_at, last_share_at, agent)
                 values ('ltc', $1, $2, 'pps', now(), now(), $3)`,
                [miner.address, miner.worker, miner.agent],
              );
              await source.pool.query(
                `insert into watcher_links (token_hash, coin, address, label, created_at, expires_at)
                 values ($1, 'ltc', $2, $3, now(), now())`,
                [`h${i}`, miner.address, miner.label],
              );
              await seedMoney(source.pool, 'ltc', miner.address, i % 2 === 0 ? miner.label : null);
              await source.pool.query(
                `insert into notify_outbox (channel, recipient, locale, kind, coin, address, payload, created_at, deliver_after, next_attempt_at, last_error)
                 values ('email', $1, 'en', 'offline', 'ltc', $2, $3, now(), now(), now(), $4)`,
                [miner.label, miner.address, JSON.stringify({ worker: miner.worker, agent: miner.agent }), message],
              );
            }
            const expected = await everyRow(source.pool);
            const { file } = await dumpToFile(source.pool, `property-${run++}.dump.gz`);
            await loadDump(target.pool, dumpFileLines(file));
            expect(await everyRow(target.pool)).toEqual(expected);
            rmSync(file);
          },
        ),
        { numRuns: 15 },
      );
    } finally {
      await source.close();
      await target.close();
    }
  });
});

describe('a crafted or damaged dump', () => {
  let good: string;
  let goodText: string;
  beforeAll(async () => {
    const source = await createTestDatabase();
    try {
      await seedMoney(source.pool, 'ltc', 'ltc1qgood');
      await source.pool.query(
        `insert into ingest_offsets (source, last_seq, updated_at) values ('stratum-eu', 4242, '2026-11-01T02:00:00Z')`,
      );
      good = (await dumpToFile(source.pool, 'good.dump.gz')).file;
      goodText = gunzipSync(readFileSync(good)).toString('utf8');
    } finally {
      await source.close();
    }
  });

  /** Loads `text` (gzipped unless given bytes) into an empty database; expects a refusal and nothing left. */
  async function refused(text: string | Buffer, name: string): Promise<string> {
    const file = join(dir, name);
    writeFileSync(file, typeof text === 'string' ? gzipSync(text) : text);
    const target = await emptyDatabase();
    try {
      const error = await loadDump(target.pool, dumpFileLines(file)).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(RestoreError);
      expect(await tableCount(target.pool)).toBe(0);
      return (error as Error).message;
    } finally {
      await target.close();
    }
  }

  it('restores the untouched dump, and says what to reconcile', async () => {
    const target = await emptyDatabase();
    try {
      const { reconcile } = await loadDump(target.pool, dumpFileLines(good));
      const said = describeReconcile(reconcile);
      expect(said).toContain('ltc: last sent payout #1');
      expect(said).toContain('stratum-eu: seq 4242');
      expect(said).toContain(reconcile.takenAt);
    } finally {
      await target.close();
    }
  });

  it('refuses a table name that is not in the schema, before any SQL sees it', async () => {
    const evil = `ledger" select pg_read_file('/etc/hostname') --`;
    const [header, ...rest] = goodText.split('\n');
    const crafted = JSON.parse(header!) as { tables: string[] };
    crafted.tables.push(evil);
    const text = [JSON.stringify(crafted), ...rest].join('\n').replace('#sequences', `#table ${evil}\n"(x)"\n#sequences`);
    expect(await refused(text, 'evil-table.dump.gz')).toMatch(/tables its migrations do not create/);
  });

  /** The #end line made to agree with the rows (counts and digest), as a careful forger would. */
  function forge(text: string): string {
    const digest = rowDigest();
    const rows: Record<string, number> = {};
    let table = '';
    const lines = text.split('\n');
    for (const line of lines.slice(1)) {
      if (line.startsWith('#table ')) rows[(table = line.slice('#table '.length))] = 0;
      else if (line.startsWith('#')) table = '';
      else if (line && table) {
        digest.add(JSON.parse(line) as string);
        rows[table]! += 1;
      }
    }
    return lines
      .map((line) => (line.startsWith('#end ') ? `#end ${JSON.stringify({ rows, sha256: digest.hex() })}` : line))
      .join('\n');
  }

  it('refuses a balance with no ledger behind it', async () => {
    const text = forge(goodText.replace(/#table balances\n/, '#table balances\n"(btc,bc1qthief,1234567890000,0,0)"\n'));
    const message = await refused(text, 'thief.dump.gz');
    expect(message).toMatch(/money does not add up/);
    expect(message).toContain('bc1qthief');
    // Paid out more than its payouts, and a payout with no ledger row: each one is named.
    const paid = forge(goodText.replace(/"\(ltc,ltc1qgood,60,0,40\)"/, '"(ltc,ltc1qgood,60,0,4000)"'));
    expect(await refused(paid, 'paid.dump.gz')).toMatch(/paid differs from the sum of its payouts/);
  });

  it('refuses schema_migrations rows that differ from the header’s migrations', async () => {
    const text = forge(goodText.replace(/#table schema_migrations\n"[^\n]*"\n/, '#table schema_migrations\n'));
    expect(await refused(text, 'migrations.dump.gz')).toMatch(/schema_migrations rows differ/);
  });

  it('refuses a truncated file: cut gzip, and whole gzip of a cut text', async () => {
    const bytes = readFileSync(good);
    const cutMessage = await refused(bytes.subarray(0, Math.floor(bytes.length * 0.6)), 'cut.dump.gz');
    expect(cutMessage).toMatch(/cut short|damaged/);
    const cutText = goodText.slice(0, goodText.indexOf('#sequences'));
    expect(await refused(cutText, 'cut-text.dump.gz')).toMatch(/incomplete/);
  });

  it('refuses a changed row, an unknown sequence and a row outside a table', async () => {
    expect(await refused(goodText.replace('ltc1qgood', 'ltc1qbadd'), 'changed.dump.gz')).toMatch(/digest/);
    expect(
      await refused(goodText.replace(/#sequences \[/, '#sequences [{"name":"pg_authid","value":"1"},'), 'seq.dump.gz'),
    ).toMatch(/sequence its migrations do not create/);
    const lines = goodText.split('\n');
    expect(await refused([lines[0], '"(x)"', ...lines.slice(1)].join('\n'), 'outside.dump.gz')).toMatch(/outside any table/);
  });

  /** `npm run restore -- file` into the empty database `target`: its exit code and output. */
  function restoreCli(target: TestDatabase, file: string) {
    const { host, port, database } = target.pool.options as { host: string; port: number; database: string };
    const url = `postgresql://postgres@/${database}?host=${encodeURIComponent(host)}&port=${port}`;
    return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      // The CLI's own environment: the database to restore into, nothing read here.
      // eslint-disable-next-line no-restricted-properties
      const env = { ...process.env, DATABASE_URL: url };
      execFile(process.execPath, [join(import.meta.dirname, 'restore-cli.ts'), file], { env }, (error, stdout, stderr) =>
        done({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
  }

  it('npm run restore into DATABASE_URL: a refused dump leaves it empty, a sound one restores', async () => {
    const target = await emptyDatabase();
    const restore = (file: string) => restoreCli(target, file);
    try {
      const thief = join(dir, 'url-thief.dump.gz');
      writeFileSync(thief, gzipSync(forge(goodText.replace(/#table balances\n/, '#table balances\n"(btc,bc1qthief,5,0,0)"\n'))));
      const refusedRun = await restore(thief);
      expect(refusedRun.code).toBe(1);
      expect(refusedRun.stderr).toMatch(/money does not add up[\s\S]*nothing was restored/);
      expect(await tableCount(target.pool)).toBe(0);

      const restored = await restore(good);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('into DATABASE_URL');
      expect(restored.stdout).toContain('stratum-eu: seq 4242');
      expect((await target.pool.query('select address, paid::text from balances')).rows).toEqual([
        { address: 'ltc1qgood', paid: '40' },
      ]);
    } finally {
      await target.close();
    }
  });

  it('npm run restore prints no terminal control sequence a crafted dump holds', async () => {
    // In the file as JSON escapes: ESC ] (retitle), BEL, ESC [ 2J (clear), CR, C1 CSI, RLO, a newline.
    const hostile = '\\u001b]0;pwned\\u0007\\u001b[2J\\r\\u009b1m\\u202e\\nrestore: forged';
    const controls = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;
    const target = await emptyDatabase();
    try {
      // Refused: the error names the dump's address.
      const thief = join(dir, 'escape-thief.dump.gz');
      writeFileSync(
        thief,
        gzipSync(forge(goodText.replace(/#table balances\n/, `#table balances\n"(btc,bc1q${hostile},5,0,0)"\n`))),
      );
      const refusedRun = await restoreCli(target, thief);
      expect(refusedRun.code).toBe(1);
      expect(refusedRun.stderr).toContain('bc1q\\u001b]0;pwned\\u0007\\u001b[2J');
      expect(refusedRun.stderr).not.toMatch(controls);
      expect(refusedRun.stderr).not.toMatch(/^restore: forged/m);
      expect(await tableCount(target.pool)).toBe(0);

      // Restored: the header's dates and a source's name are printed, escaped, on their own lines.
      const [header, ...rest] = forge(goodText.replace('stratum-eu', `stratum-eu${hostile}`)).split('\n');
      const crafted = JSON.parse(header!) as Record<string, unknown>;
      crafted.created_at = crafted.taken_at = JSON.parse(`"2026\\u0000${hostile}"`);
      const restoredFile = join(dir, 'escape-restored.dump.gz');
      writeFileSync(restoredFile, gzipSync([JSON.stringify(crafted), ...rest].join('\n')));
      const restored = await restoreCli(target, restoredFile);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).not.toMatch(controls);
      expect(restored.stdout).toContain('stratum-eu\\u001b]0;pwned');
      expect(restored.stdout).not.toMatch(/^restore: forged/m);
    } finally {
      await target.close();
    }
  });

  it('a backup that reads back differently is not verified', async () => {
    const source = await createTestDatabase();
    try {
      const { file, summary } = await dumpToFile(source.pool, 'verify.dump.gz');
      const text = gunzipSync(readFileSync(file)).toString('utf8');
      writeFileSync(file, gzipSync(text.slice(0, text.indexOf('#end'))));
      await expect(verifyDumpFile(file, summary)).rejects.toThrow(/incomplete/);
      writeFileSync(file, gzipSync(text));
      await expect(verifyDumpFile(file, { ...summary, rows: { ...summary.rows, ledger: 1 } })).rejects.toThrow(/ledger/);
    } finally {
      await source.close();
    }
  });
});
