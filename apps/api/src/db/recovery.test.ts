/**
 * A lost embedded PostgreSQL heals (decision 009): kill -9 of the postmaster under the real server
 * process makes /ready answer 503 (a balancer or supervisor sees it), the API starts PostgreSQL
 * again by itself, /ready answers 200 within 30 s, and everything acknowledged before the kill
 * is still there; ingest works again. Decision 030: a second kill -9 before the restarted server is
 * ready, and a full disk (a real small tmpfs, when this machine lets us mount one), each end
 * with one restart loop, the API ready again and every acknowledged share counted once.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { toNdjson, type IngestEvent } from '@openpool/domain/events';
import { guardFolder } from '../testing/folder-guard.ts';
import { socketFolderFor } from './socket-folder.ts';

const SERVER = resolve(import.meta.dirname, '..', 'server.ts');
const TOKEN = 'recovery-token-0123456789';
let PORT = 18911;
const cleanups: Array<() => void | Promise<void>> = [];
/**
 * A new data folder for a test, removed after the file's tests like the first one, with any
 * PostgreSQL still running from it, or by its guard if the file never gets there (decision 001).
 */
function freshDir(): string {
  const made = guardFolder(mkdtempSync(join(tmpdir(), 'op-recovery-')));
  cleanups.push(() => made.remove());
  return made.path;
}
let dir = freshDir();
let server: ChildProcess | undefined;
let output = '';

async function stopServer(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
}

afterAll(async () => {
  await stopServer();
  for (const cleanup of cleanups) await cleanup();
});

function startServer(): Promise<ChildProcess> {
  output = '';
  const child = spawn(process.execPath, [SERVER], {
    // The server's own environment is what is under test; ours only passes PATH and the like.
    env: {
      // eslint-disable-next-line no-restricted-properties
      ...process.env,
      DATA_DIR: dir,
      API_PORT: String(PORT),
      API_HOST: '127.0.0.1',
      SIMULATOR: 'off',
      INGEST_TOKEN: TOKEN,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolvePromise(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
}

const url = (path: string) => `http://127.0.0.1:${PORT}${path}`;

function shares(fromSeq: number, count: number, at: number, address = 'ltc1qrecovery0000'): string {
  const events: IngestEvent[] = Array.from({ length: count }, (_, i) => ({
    type: 'share',
    seq: fromSeq + i,
    coin: 'ltc',
    address,
    worker: 'rig1',
    scheme: 'pps',
    difficulty: 1000,
    status: 'valid',
    ip: '192.0.2.7',
    at: at + i,
  }));
  return toNdjson(events);
}

async function ingest(body: string, source = 'recovery'): Promise<number> {
  return (await ingestAnswer(body, source)).status;
}

async function ingestAnswer(body: string, source: string): Promise<{ status: number; retryAfter: string | null }> {
  const response = await fetch(url(`/internal/v1/events?source=${source}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
    body,
  });
  await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

/**
 * The postmasters running on this test's folder: the API's own children (a child PostgreSQL just
 * forked has the same command line until it renames itself).
 */
function postmasters(ownOnly = true): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      // Fields after the command's closing parenthesis: state, ppid.
      const [state, ppid] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (
        args[0]?.endsWith('/bin/postgres') &&
        args.includes(join(dir, 'postgres', 'data')) &&
        state !== 'Z' &&
        (!ownOnly || Number(ppid) === server?.pid)
      )
        found.push(Number(pid));
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

/** Shares the database holds for this test, read through PostgreSQL's own socket. */
async function sharesCounted(): Promise<number> {
  const pg = await import('pg');
  const client = new pg.default.Client({
    host: socketFolderFor(join(dir, 'postgres')),
    port: 5432,
    user: 'postgres',
    database: 'openpool',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select coalesce(sum(valid_n), 0)::text as n from worker_buckets');
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * A stratum server's behaviour: each batch is sent again after a 503 until it is acknowledged
 * (200); the answers seen are counted. Batches carry consecutive seqs, so a batch committed
 * whose answer was lost is not counted twice when sent again.
 */
async function sendUntilAcknowledged(
  firstSeq: number,
  batches: number,
  size: number,
  at: number,
  source: string,
  seen: Map<string, number>,
): Promise<number> {
  let acknowledged = 0;
  for (let batch = 0; batch < batches; batch += 1) {
    for (;;) {
      const answer = await ingestAnswer(shares(firstSeq + batch * size, size, at + batch * size), source).catch(() => ({
        status: 0,
        retryAfter: null,
      }));
      const key = `${answer.status}${answer.status === 503 ? ` retry-after ${answer.retryAfter}` : ''}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (answer.status === 200) break;
      expect([503, 0]).toContain(answer.status);
      await new Promise((r) => setTimeout(r, 100));
    }
    acknowledged += size;
  }
  return acknowledged;
}

async function readyStatus(): Promise<number> {
  return (await fetch(url('/ready'))).status;
}

async function sharesOfMiner(): Promise<unknown> {
  const response = await fetch(url('/ltc/api/v1/miner/stats/ltc1qrecovery0000'));
  return ((await response.json()) as { shares_24h: unknown }).shares_24h;
}

describe('database recovery', () => {
  it('restarts a killed embedded PostgreSQL: 503, then 200 within 30 s, nothing lost', { timeout: 90_000 }, async () => {
    server = await startServer();
    const now = Date.now();
    // Half an hour back: a miner's share counts are read from complete 10-minute buckets, so
    // shares of the open bucket read 0 before the kill and 500 after it once that bucket closed
    // (a 10-minute boundary during the test); this bucket is complete for both reads.
    expect(await ingest(shares(1, 500, now - 30 * 60_000))).toBe(200);
    expect(await readyStatus()).toBe(200);
    const before = await sharesOfMiner();
    expect(before).toMatchObject({ valid: 500 });

    const postmaster = Number(readFileSync(join(dir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');
    await vi.waitFor(async () => expect(await readyStatus()).toBe(503), { timeout: 10_000, interval: 100 });
    const killed = Date.now();

    await vi.waitFor(async () => expect(await readyStatus()).toBe(200), { timeout: 30_000, interval: 250 });
    expect(Date.now() - killed).toBeLessThan(30_000);
    expect(server.exitCode).toBeNull();
    expect(await sharesOfMiner()).toEqual(before);
    expect(await ingest(shares(501, 10, now - 30_000))).toBe(200);
  });

  it(
    'heals two kill -9 in a row (the second before the restarted server is ready) with one loop',
    { timeout: 120_000 },
    async () => {
      // Unreported in the first test's log: start over on a fresh folder and port.
      await stopServer();
      dir = freshDir();
      PORT += 1;
      server = await startServer();
      const at = Date.now() - 20 * 60_000;
      const seen = new Map<string, number>();
      expect(await ingest(shares(1, 200, at), 'kill')).toBe(200);

      const first = postmasters();
      expect(first).toHaveLength(1);
      // Watch every postmaster of the folder: the next one (the restart) is killed the moment it
      // appears, long before it replayed the WAL and said it is ready.
      const startsSeen = new Set<number>(first);
      let mostAtOnce = 1;
      let secondKilled: number | undefined;
      const watch = setInterval(() => {
        const now = postmasters();
        mostAtOnce = Math.max(mostAtOnce, now.length);
        for (const pid of now) {
          if (!startsSeen.has(pid) && secondKilled === undefined) {
            secondKilled = pid;
            process.kill(pid, 'SIGKILL');
          }
          startsSeen.add(pid);
        }
      }, 5);
      process.kill(first[0]!, 'SIGKILL');
      // Shares keep coming meanwhile, as from a stratum server that retries.
      const sending = sendUntilAcknowledged(201, 30, 50, at + 1000, 'kill', seen);
      await vi.waitFor(() => expect(secondKilled).toBeDefined(), { timeout: 10_000, interval: 20 });
      await vi.waitFor(async () => expect(await readyStatus()).toBe(200), { timeout: 30_000, interval: 250 });
      const acknowledged = 200 + (await sending);
      clearInterval(watch);

      expect(server.exitCode).toBeNull();
      // One restart loop: a handful of starts one after the other, never two at once.
      expect(mostAtOnce).toBe(1);
      expect(startsSeen.size).toBeLessThanOrEqual(6);
      expect(output.match(/starting it again/g)?.length ?? 0).toBeLessThanOrEqual(2);
      expect(output).not.toMatch(/postmaster\.pid.*already exists/);
      // The second kill hit the restart before it was ready: its start failed and the same loop went on.
      expect(output).toContain('start 1 failed');
      expect(await sharesCounted()).toBe(acknowledged);
      console.info(`two kill -9: ${startsSeen.size} postmasters in all, answers while healing ${JSON.stringify([...seen])}`);
    },
  );
});

describe('a PostgreSQL that cannot start again', () => {
  it(
    'is retried by one loop that says why on /health, and SIGTERM still stops the API within 10 s',
    { timeout: 120_000 },
    async () => {
      await stopServer();
      dir = freshDir();
      PORT += 3;
      server = await startServer();
      const [postmaster] = postmasters();
      // A configuration PostgreSQL refuses: every start fails until an operator repairs it.
      writeFileSync(join(dir, 'postgres', 'data', 'postgresql.auto.conf'), 'shared_buffers = nonsense\n');
      process.kill(postmaster!, 'SIGKILL');
      type Health = { status: string; database?: { state: string; restart?: { attempts: number; reason: string } } };
      let health: Health | undefined;
      await vi.waitFor(
        async () => {
          health = (await (await fetch(url('/health'))).json()) as Health;
          expect(health.database?.restart?.attempts).toBeGreaterThanOrEqual(3);
        },
        { timeout: 30_000, interval: 250 },
      );
      expect(health).toMatchObject({ status: 'degraded', database: { state: 'restarting' } });
      expect(health!.database!.restart!.reason).toContain('shared_buffers');
      expect(await readyStatus()).toBe(503);
      // One loop: one "starting it again", and never two postmasters at once meanwhile.
      expect(output.match(/starting it again/g)).toHaveLength(1);
      expect(postmasters().length).toBeLessThanOrEqual(1);

      const sent = Date.now();
      await stopServer();
      expect(Date.now() - sent).toBeLessThan(10_000);
      // Any postmaster on the folder, an orphan (whose parent is no longer the API) included.
      expect(postmasters(false)).toEqual([]);
    },
  );
});

/** A tmpfs of `mb` MB at a new folder, or undefined where this machine does not let us mount one. */
function smallDisk(mb: number): string | undefined {
  const mountPoint = mkdtempSync(join(tmpdir(), 'op-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m,mode=0755`, 'tmpfs', mountPoint], { stdio: 'ignore' });
  } catch {
    rmSync(mountPoint, { recursive: true, force: true });
    return undefined;
  }
  cleanups.push(() => {
    try {
      execFileSync('umount', ['-l', mountPoint], { stdio: 'ignore' });
    } catch {
      /* not mounted */
    }
    rmSync(mountPoint, { recursive: true, force: true });
  });
  return mountPoint;
}

const disk = smallDisk(320);

describe('a full disk under PostgreSQL', () => {
  // Only root may mount; elsewhere this case is skipped and says so.
  it.skipIf(!disk)(
    'answers 503 with Retry-After, says why, and is back alone once there is room',
    { timeout: 180_000 },
    async () => {
      await stopServer();
      dir = join(disk!, 'data');
      mkdirSync(dir);
      PORT += 2;
      server = await startServer();
      const at = Date.now() - 20 * 60_000;
      const seen = new Map<string, number>();
      expect(await ingest(shares(1, 100, at), 'disk')).toBe(200);
      // WAL sized for this 320 MB disk, not 2 GB.
      expect(output).not.toContain('No space left');

      // Fill the disk, leaving a few KB.
      const filler = join(disk!, 'filler');
      const chunk = Buffer.alloc(1024 * 1024, 1);
      try {
        for (;;) writeFileSync(filler, chunk, { flag: 'a' });
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      const sending = sendUntilAcknowledged(101, 40, 50, at + 1000, 'disk', seen);
      await vi.waitFor(async () => expect(await readyStatus()).toBe(503), { timeout: 20_000, interval: 200 });
      const health = (await (await fetch(url('/health'))).json()) as {
        status: string;
        database?: { state: string; disk?: { path: string; full: boolean } };
      };
      expect(health.status).toBe('degraded');
      expect(health.database).toMatchObject({ state: 'disk_full', disk: { path: join(dir, 'postgres'), full: true } });
      // Whatever the sender managed before the disk was seen full, a batch now is refused.
      const refusedBatch = shares(1, 10, at + 5000);
      expect(await ingestAnswer(refusedBatch, 'disk-late')).toEqual({ status: 503, retryAfter: '30' });
      expect([...seen.keys()].filter((key) => key.startsWith('5') && !key.startsWith('503 retry-after'))).toEqual([]);

      // PostgreSQL itself meeting the full disk (another writer than ingest): its own words are
      // heard and named, and the state holds until there is room.
      const pg = await import('pg');
      const client = new pg.default.Client({
        host: socketFolderFor(join(dir, 'postgres')),
        port: 5432,
        user: 'postgres',
        database: 'openpool',
      });
      await client.connect();
      client.on('error', () => undefined);
      const refused = await client
        .query("create table enospc_probe as select repeat('x', 2000) as t from generate_series(1, 200000)")
        .then(
          () => 'written',
          (error: { code?: string; message: string }) => error.code ?? error.message,
        );
      await client.end().catch(() => undefined);
      expect(['53100', '58030', '57P01', '57P02', 'Connection terminated unexpectedly']).toContain(refused);
      await vi.waitFor(() => expect(output).toContain('no space left on the disk of'), { timeout: 10_000, interval: 100 });

      // Room again: the pool is back by itself within seconds.
      unlinkSync(filler);
      const freed = Date.now();
      await vi.waitFor(async () => expect(await readyStatus()).toBe(200), { timeout: 30_000, interval: 250 });
      const backAfterMs = Date.now() - freed;
      expect(await ingest(refusedBatch, 'disk-late')).toBe(200);
      const acknowledged = 100 + 10 + (await sending);
      expect(server.exitCode).toBeNull();
      expect(await sharesCounted()).toBe(acknowledged);
      // SIGTERM stops it within 10 s in this state too (after a full disk).
      const sent = Date.now();
      await stopServer();
      expect(Date.now() - sent).toBeLessThan(10_000);
      // Any postmaster on the folder, an orphan (whose parent is no longer the API) included.
      expect(postmasters(false)).toEqual([]);
      console.info(
        `full disk: PostgreSQL refused with ${refused}; ready again ${backAfterMs} ms after room, answers ${JSON.stringify([...seen])}`,
      );
    },
  );
});
