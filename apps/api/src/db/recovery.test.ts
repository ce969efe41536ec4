/**
 * A lost embedded PostgreSQL heals (decision 009): kill -9 of the postmaster under the real server
 * process makes /ready answer 503 (a balancer or supervisor sees it), the API starts PostgreSQL
 * again by itself, /ready answers 200 within 30 s, and everything acknowledged before the kill
 * is still there; ingest works again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { toNdjson, type IngestEvent } from '@openpool/domain/events';

const SERVER = resolve(import.meta.dirname, '..', 'server.ts');
const TOKEN = 'recovery-token-0123456789';
const PORT = 18911;
const dir = mkdtempSync(join(tmpdir(), 'op-recovery-'));
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGINT');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

function startServer(): Promise<ChildProcess> {
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
    let output = '';
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

function shares(fromSeq: number, count: number, at: number): string {
  const events: IngestEvent[] = Array.from({ length: count }, (_, i) => ({
    type: 'share',
    seq: fromSeq + i,
    coin: 'ltc',
    address: 'ltc1qrecovery0000',
    worker: 'rig1',
    scheme: 'pps',
    difficulty: 1000,
    status: 'valid',
    ip: '192.0.2.7',
    at: at + i,
  }));
  return toNdjson(events);
}

async function ingest(body: string): Promise<number> {
  const response = await fetch(url('/internal/v1/events?source=recovery'), {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
    body,
  });
  await response.text();
  return response.status;
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
});
