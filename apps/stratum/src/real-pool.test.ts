/**
 * The real pool end to end (decision 013): the real API process (embedded PostgreSQL), a real `litecoind -regtest`,
 * our stratum server and our CPU test miner. Shares are accounted (the API's hashrate against
 * what the miner measured), blocks are accepted by the node and pay the pool, mature from the
 * chain, PROP credits are the reward minus the fee exactly, the hour's payout is a real
 * `sendmany` whose tx id the API shows, and `invalidateblock` orphans a block and takes its
 * credits back. Event times run on a fast clock shared with the API (testing/clock.ts), so a
 * 10-minute bucket and an hour boundary take seconds. Ports 18500-18503 (nodes), 18510 (API).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUnits } from '@openpool/domain/pool-config';
import { afterFee } from '@openpool/domain/rewards';
import { BANS, sessionOptions } from './defaults.ts';
import { startMiner } from './miner/miner.ts';
import { openOutbox, type OutgoingEvent, type Outbox } from './outbox.ts';
import { startPool } from './pool.ts';
import { scaledClock } from './testing/clock.ts';
import { startRealApi, type RealApi } from './testing/real-api.ts';
import { startRegtest, type Regtest } from './testing/regtest.ts';

const API_PORT = 18510;
const API = `http://127.0.0.1:${API_PORT}`;
const TOKEN = 'real-pool-test-token-0123456789';
const MIN = 60_000;
const HOUR = 60 * MIN;
/** 60x: a 10-minute bucket in 10 s, the payout hour's boundary 21 s after the start. */
const SPEED = 60;
/** PROP's fee in content/pools.json (1 %). */
const PROP_FEE_PPM = 10_000;

// The fast clock is set so that, after about 20 s of start-up, it reads ~21 minutes before an
// hour boundary H (the test then picks its H from the clock), in the future of the real clock
// (the node's block times stay behind it, as a miner's ntime must).
const clock = scaledClock(Math.ceil((Date.now() + 30 * MIN) / HOUR) * HOUR - 41 * MIN, SPEED);
let H = 0;

let chain: Regtest;
let api: ChildProcess;
let realApi: RealApi | undefined;
/** What the killed API process printed, before the restarted one's. */
let killedApiLog = '';
const apiLog = () => killedApiLog + (realApi?.log() ?? '');
let outbox: Outbox;
const sent: OutgoingEvent[] = [];
let pool: Awaited<ReturnType<typeof startPool>>;
let port: number;
let minerAddress: string;
let poolAddress: string;
const dir = mkdtempSync(join(tmpdir(), 'op-real-pool-'));

let lastSeen = '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async <T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, ms = 60_000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what} (last seen: ${lastSeen}); API log:\n${apiLog().slice(-2000)}`);
    await sleep(100);
  }
};
const get = <T>(path: string): Promise<T> => realApi!.get<T>(path);
const balance = () =>
  get<{ balance: string; unconfirmed_balance: string; total_paid: string }>(`/ltc/api/v1/miner/balance/${minerAddress}`).then(
    (b) => {
      lastSeen = JSON.stringify(b);
      return { mature: toUnits(b.balance, 8), immature: toUnits(b.unconfirmed_balance, 8), paid: toUnits(b.total_paid, 8) };
    },
  );
/** A share the server already had may still be with the node as a block: let it settle. */
const settled = () =>
  until('no block pending at the node', async () => {
    const count = accepted().length;
    await sleep(500);
    return accepted().length === count;
  });
const accepted = () => pool.found.filter((block) => block.answer === null);
/** What PROP credits for a block: its coinbase (from the node; regtest halves every 150) less 1 %. */
const creditOf = async (hash: string) => {
  const block = await chain.rpc<{ tx: { vout: { value: number }[] }[] }>('getblock', [hash, 2]);
  return afterFee(toUnits(String(block.tx[0]!.vout[0]!.value), 8), PROP_FEE_PPM);
};
const creditsOf = async (blocks: { hash: string }[]) => {
  let sum = 0n;
  for (const block of blocks) sum += await creditOf(block.hash);
  return sum;
};

/**
 * The killed API's PostgreSQL still runs. The API stops such an orphan itself on start-up, but
 * its waits are timed with Date.now, which runs 60x fast here: the test stops it the same way.
 */
async function stopOrphanPostgres(): Promise<void> {
  const pidFile = join(dir, 'api', 'postgres', 'data', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(pid, 'SIGINT');
  await until('the orphaned PostgreSQL to stop', () => !alive(), 20_000);
}

/** The API as `npm start` runs it, on the fast clock; again after a kill -9, on the same data. */
async function startApi(): Promise<void> {
  const started = await startRealApi({
    port: API_PORT,
    dataDir: join(dir, 'api'),
    token: TOKEN,
    clock,
    env: { LTC_RPC_URL: chain.walletUrl, LTC_PAYOUT_FEE: 'pool' },
    readyMs: 90_000,
  }).catch((error: Error) => {
    throw new Error(`${error.message}\nAPI log before:\n${apiLog()}`);
  });
  killedApiLog = apiLog();
  realApi = started;
  api = started.child;
}

beforeAll(async () => {
  chain = await startRegtest(18500);
  minerAddress = await chain.wallet<string>('getnewaddress', ['miner', 'bech32']);
  poolAddress = await chain.wallet<string>('getnewaddress', ['pool', 'bech32']);
  await chain.rpc('generatetoaddress', [1, poolAddress]);
  await startApi();
  const disk = openOutbox({
    dir: join(dir, 'stratum'),
    apiUrl: API,
    token: TOKEN,
    source: 'stratum-ltc',
    log: () => undefined,
    flushMs: 20,
  });
  // Every event the stratum server sends, to hold the API to it after a crash.
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
}, 120_000);

afterAll(async () => {
  await pool?.stop();
  await outbox?.close();
  await realApi?.stop();
  await chain?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('a real pool on litecoind -regtest, through the real API', () => {
  it('accounts shares, credits blocks, matures them from the chain, pays them with the wallet, and orphans', async () => {
    // 1. Mining through one complete 10-minute bucket of the fast clock: [H-20m, H-10m).
    H = Math.ceil((clock.now() + 20 * MIN + SPEED * 1000) / HOUR) * HOUR;
    await sleep(clock.realMsUntil(H - 20 * MIN) - 1000);
    const height0 = await chain.rpc<number>('getblockcount');
    const miner = startMiner({ host: '127.0.0.1', port, login: `${minerAddress}.cpu1`, password: 's=prop', hashesPerSecond: 12 });
    await miner.ready;
    await sleep(clock.realMsUntil(H - 20 * MIN));
    const atStart = { hashes: miner.stats.hashes, work: miner.stats.acceptedDifficulty };
    await sleep(clock.realMsUntil(H - 10 * MIN));
    const atEnd = { hashes: miner.stats.hashes, work: miner.stats.acceptedDifficulty };
    miner.stop();
    await settled();
    const found = accepted();
    expect(found.length).toBeGreaterThanOrEqual(10);
    expect(await chain.rpc<number>('getblockcount')).toBe(height0 + found.length);
    const coinbase = await chain.rpc<{ tx: { vout: { value: number; scriptPubKey: { addresses?: string[] } }[] }[] }>(
      'getblock',
      [found[0]!.hash, 2],
    );
    expect(coinbase.tx[0]!.vout[0]).toMatchObject({ value: 50, scriptPubKey: { addresses: [poolAddress] } });

    // The bucket's hashrate as the API computes it, against the miner's own figures for it:
    // its accepted work (shares x difficulty x 65536 hashes) and the hashes it counted.
    await until('every event delivered', () => outbox.pending() === 0);
    const stats = await until('the bucket in the API', async () => {
      const s = await get<{ hashrate_10m: number; unconfirmed_balance: string }>(`/ltc/api/v1/miner/stats/${minerAddress}`);
      return s.hashrate_10m > 0 && s;
    });
    const byWork = ((atEnd.work - atStart.work) * 65536) / 600;
    const byHashes = (atEnd.hashes - atStart.hashes) / 600;
    process.stdout.write(
      `hashrate: API ${stats.hashrate_10m.toFixed(3)} H/s, miner's work ${byWork.toFixed(3)}, miner's hashes ${byHashes.toFixed(3)} (fast-clock units)\n`,
    );
    expect(Math.abs(stats.hashrate_10m / byWork - 1)).toBeLessThan(0.25);
    // Each share is a block on regtest (a few dozen here): the hash count is Poisson-noisy.
    expect(Math.abs(stats.hashrate_10m / byHashes - 1)).toBeLessThan(0.5);

    // 2. PROP: one miner in every round, so each block credits exactly its reward x (1 - 1 %).
    const total = await creditsOf(found);
    const credited = await until(`immature credits for every block (${found.length})`, async () => {
      const b = await balance();
      return b.immature === total && b;
    });
    expect(credited.mature).toBe(0n);

    // 3. Maturity from the chain: 100 blocks on top, the watcher reports, the engine matures.
    await chain.rpc('generatetoaddress', [100, await chain.wallet<string>('getnewaddress')]);
    await until('mature balance', async () => {
      const b = await balance();
      return b.mature === total && b.immature === 0n;
    });

    // 4. The hour boundary H passes on the fast clock; the hour job makes the payout and the
    // sender pays it with sendmany from the pool's wallet. In the mempool it is Unpaid with its tx id.
    type PayoutRow = { amount: string; received: string; status: string; txid: string | null; confirmations: number | null };
    const payoutNow = async () =>
      (await get<{ results: PayoutRow[] }>(`/ltc/api/v1/miner/payouts/${minerAddress}`)).results.find((p) => p.txid !== null);
    const sent = await until('a sent payout', payoutNow, 120_000);
    expect(sent).toMatchObject({ status: 'Unpaid', confirmations: 0 });
    expect(toUnits(sent.amount, 8)).toBe(total);
    const tx = await chain.wallet<{ txid: string; comment?: string }>('gettransaction', [sent.txid]);
    expect(tx.txid).toBe(sent.txid);
    // The comment a retry looks for so that a lost answer never pays twice.
    expect(tx.comment).toMatch(/^openpool ltc payouts \d+(,\d+)*$/);
    // A block takes it in: Paid, with the confirmations and the amount received that the chain has.
    await chain.rpc('generatetoaddress', [1, await chain.wallet<string>('getnewaddress')]);
    const payout = await until('a paid payout', async () => {
      const p = await payoutNow();
      return p?.status === 'Paid' && p;
    });
    expect(payout).toMatchObject({ txid: sent.txid, confirmations: 1 });
    expect(toUnits(payout.received, 8)).toBe(total);
    expect((await chain.wallet<{ confirmations: number }>('gettransaction', [payout.txid!])).confirmations).toBe(1);
    // The miner's address received exactly the payout (the pool's wallet paid the fee).
    expect(toUnits(String(await chain.wallet<number>('getreceivedbyaddress', [minerAddress, 1])), 8)).toBe(total);
    expect((await balance()).paid).toBe(total);

    // 5. One more block, then the node takes it off the main chain: an orphan, its credits gone.
    const before = accepted().length;
    const again = startMiner({ host: '127.0.0.1', port, login: `${minerAddress}.cpu1`, password: 's=prop', hashesPerSecond: 4 });
    await again.ready;
    await until('one more block', () => accepted().length > before);
    again.stop();
    await settled();
    const extra = accepted().slice(before);
    const extraCredits = await creditsOf(extra);
    await until('its credits', async () => (await balance()).immature === extraCredits);
    const tip = accepted().at(-1)!;
    expect(await chain.rpc<string>('getbestblockhash')).toBe(tip.hash);
    await chain.rpc('invalidateblock', [tip.hash]);
    await until('the orphan in the API', async () => {
      const blocks = await get<{ results: { hash: string; status: string }[] }>('/ltc/api/v1/blocks');
      return blocks.results.find((b) => b.hash === tip.hash && b.status === 'orphaned');
    });
    expect((await balance()).immature).toBe(extraCredits - (await creditOf(tip.hash)));
  }, 300_000);

  it('loses nothing when the API is killed (kill -9) while the stratum server sends', async () => {
    const address = await chain.wallet<string>('getnewaddress', ['crash', 'bech32']);
    const blocksBefore = sent.filter((event) => event.type === 'block').length;
    const miner = startMiner({ host: '127.0.0.1', port, login: `${address}.crash`, password: 's=prop', hashesPerSecond: 12 });
    await miner.ready;
    await until('shares delivered', () => miner.stats.accepted >= 5 && outbox.pending() === 0);
    const validBeforeKill = sent.filter(
      (event) => event.type === 'share' && event.address === address && event.status === 'valid',
    ).length;
    api.kill('SIGKILL');
    await new Promise((resolve) => api.once('exit', resolve));
    // Mining goes on while the API is gone: the events wait in the stratum server's outbox.
    await until('events kept while the API is down', () => outbox.pending() >= 10);
    miner.stop();
    await sleep(500);
    const shares = sent.filter((event) => event.type === 'share' && event.address === address);
    const valid = shares.filter((event) => event.type === 'share' && event.status === 'valid').length;
    const blocks = sent.filter((event) => event.type === 'block').length;
    expect(blocks).toBeGreaterThan(blocksBefore);
    await stopOrphanPostgres();
    await startApi();
    await until('the outbox delivered', () => outbox.pending() === 0);
    // Shares count in complete 10-minute buckets: wait until the last one closes.
    const last = Math.max(...shares.map((event) => event.at));
    await sleep(clock.realMsUntil(Math.ceil((last + 1) / (10 * MIN)) * 10 * MIN) + 500);
    const stats = await until('every share in the API', async () => {
      const s = await get<{ shares_24h: { valid: number } }>(`/ltc/api/v1/miner/stats/${address}`);
      lastSeen = JSON.stringify(s.shares_24h);
      return s.shares_24h.valid === valid && s;
    });
    // Including shares found while the API was down.
    expect(stats.shares_24h.valid).toBeGreaterThan(validBeforeKill);
    const page = await get<{ total: number }>('/ltc/api/v1/blocks');
    expect(page.total).toBe(blocks);
  }, 180_000);
});
