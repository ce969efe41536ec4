/**
 * Best shares and reported hashrate end to end (decision 023): our CPU miner on our stratum server on a real
 * `litecoind -regtest` reports its hashrate with `mining.hashrate`; the shares carry it and the
 * difficulty each hash reached to the real API process, whose reported-hashrate and best-share
 * answers (what the worker page shows) then hold exactly what the conversation said. Event
 * times run on a fast clock shared with the API (testing/clock.ts). Ports 19170-19173 (node),
 * 19175 (API), inside decision 013's 19150-19199.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BestShares, ReportedHashrate } from '@openpool/domain/best-reported';
import { BANS, sessionOptions } from './defaults.ts';
import { startMiner } from './miner/miner.ts';
import { openOutbox, type OutgoingEvent, type Outbox } from './outbox.ts';
import { startPool } from './pool.ts';
import { scaledClock } from './testing/clock.ts';
import { startRegtest, type Regtest } from './testing/regtest.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const API_PORT = 19175;
const API = `http://127.0.0.1:${API_PORT}`;
const TOKEN = 'reported-test-token-0123456789';
const MIN = 60_000;
const SPEED = 60;
const CLAIMED = 123_456_789;
const clock = scaledClock(Date.now() + 5 * MIN, SPEED);

let chain: Regtest;
let api: ChildProcess;
let apiLog = '';
let outbox: Outbox;
let pool: Awaited<ReturnType<typeof startPool>>;
let port: number;
const sent: OutgoingEvent[] = [];
const dir = mkdtempSync(join(tmpdir(), 'op-reported-'));

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; API log:\n${apiLog.slice(-2000)}`);
    await sleep(200);
  }
}
const get = async <T>(path: string): Promise<T> => {
  const response = await fetch(API + path);
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
};

beforeAll(async () => {
  chain = await startRegtest(19170);
  const poolAddress = await chain.wallet<string>('getnewaddress', ['pool', 'bech32']);
  await chain.rpc('generatetoaddress', [1, poolAddress]);
  api = spawn(process.execPath, ['--import', join(import.meta.dirname, 'testing', 'api-clock.ts'), 'apps/api/src/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      // The API's own environment parser reads these; the child needs PATH and the like too.
      // eslint-disable-next-line no-restricted-properties
      ...process.env,
      OPENPOOL_TEST_CLOCK: clock.env,
      API_HOST: '127.0.0.1',
      API_PORT: String(API_PORT),
      DATA_DIR: join(dir, 'api'),
      SIMULATOR: 'off',
      INGEST_TOKEN: TOKEN,
      LTC_RPC_URL: chain.walletUrl,
      LOG_LEVEL: 'warn',
    },
  });
  for (const stream of [api.stdout!, api.stderr!]) stream.on('data', (chunk: Buffer) => (apiLog += chunk.toString()));
  await until('the API to be ready', () => fetch(`${API}/ready`).then((r) => r.ok));
  const disk = openOutbox({
    dir: join(dir, 'stratum'),
    apiUrl: API,
    token: TOKEN,
    source: 'stratum-ltc',
    log: () => undefined,
    flushMs: 20,
  });
  outbox = { ...disk, push: (event) => (sent.push(event), disk.push(event)) };
  pool = await startPool({
    rpc: chain.rpc,
    outbox,
    dataDir: join(dir, 'stratum'),
    poolAddress,
    session: sessionOptions(1 / 4096, 'pps'),
    bans: BANS,
    log: () => undefined,
    now: clock.now,
    chainCheckMs: 200,
  });
  port = await pool.server.listen(0, '127.0.0.1');
}, 150_000);

afterAll(async () => {
  await pool?.stop();
  await outbox?.close();
  if (api && api.exitCode === null) {
    const exited = new Promise((done) => api.once('exit', done));
    api.kill('SIGTERM');
    await exited;
  }
  await chain?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('reported hashrate and best shares from a real stratum conversation', () => {
  it('reaches the API the worker page reads: the reported figure as sent, the best share the hardest one sent', async () => {
    const address = await chain.wallet<string>('getnewaddress', ['miner', 'bech32']);
    const miner = startMiner({
      host: '127.0.0.1',
      port,
      login: `${address}.cpu1`,
      password: 'x',
      hashesPerSecond: 4,
      report: { everyMs: 500, hashrate: CLAIMED },
    });
    await miner.ready;
    // One whole 10-minute bucket of the fast clock (10 s) after the first report.
    await sleep(1000);
    const bucket = Math.ceil(clock.now() / (10 * MIN)) * 10 * MIN;
    await sleep(clock.realMsUntil(bucket + 10 * MIN) + 500);
    miner.stop();
    const reported = await until('the reported hashrate', async () => {
      const body = await get<ReportedHashrate>(`/ltc/api/v1/miner/reported/${address}`);
      return body.workers[0]?.['10m'].reported !== null ? body : undefined;
    });
    const worker = reported.workers.find((row) => row.worker === 'cpu1')!;
    expect(worker['10m'].reported).toBe(CLAIMED);
    expect(worker['10m'].effective).toBeGreaterThan(0);
    expect(worker['10m'].ratio).toBeCloseTo(worker['10m'].effective / CLAIMED, 9);
    // A window's reported figure is averaged over the whole window, like its effective one
    // (decision 024): the claim held in one or two 10-minute buckets of the 144 a day has.
    const buckets = (reported.miner['24h'].reported! * 144) / CLAIMED;
    expect(buckets).toBeCloseTo(Math.round(buckets), 6);
    expect(Math.round(buckets)).toBeGreaterThanOrEqual(1);
    expect(Math.round(buckets)).toBeLessThanOrEqual(3);

    // Every valid share went out with the difficulty its hash reached; the API's best is the hardest.
    expect(await outbox.drain(30_000)).toBe(true);
    const shares = sent.filter(
      (event): event is Extract<OutgoingEvent, { type: 'share' }> => event.type === 'share' && event.address === address,
    );
    const hardest = Math.max(...shares.filter((s) => s.status === 'valid').map((s) => s.actual_difficulty ?? 0));
    expect(shares.every((s) => s.reported_hashrate === undefined || s.reported_hashrate === CLAIMED)).toBe(true);
    const best = await until('the best share', async () => {
      const body = await get<BestShares>(`/ltc/api/v1/miner/best-shares/${address}`);
      return body.miner.all_time?.difficulty === hardest ? body : undefined;
    });
    expect(best.workers[0]?.all_time?.difficulty).toBe(hardest);
    expect(best.network_difficulty).not.toBeNull();
  }, 120_000);
});
