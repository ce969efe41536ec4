/**
 * The Monero stratum on a real `monerod --regtest`: our XMRig-speaking miner logs in, its
 * shares are checked with RandomX and accepted, a block it finds is accepted by the node and
 * pays the pool's wallet, a block popped off the chain is reported orphaned, and every bad
 * submission or client of decision 031's tests is refused without disturbing the miner, and every
 * block's miner tx extra commits to the audit root the server was given (decision 025).
 * Ports 19180-19182 (decision 013 keeps 19150-19199 for stratum tests).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extraAnchoredRoot } from '@openpool/domain/audit';
import type { BlockEvent, BlockStatusEvent, ShareEvent } from '@openpool/domain/events';
import { BANS } from '../defaults.ts';
import { openOutbox, type Outbox } from '../outbox.ts';
import { startCaptureApi } from '../testing/capture-api.ts';
import { makeAddress } from './address.ts';
import { xmrSessionOptions } from './defaults.ts';
import { readTarget, startXmrMiner } from './miner.ts';
import { difficultyToTarget, meetsDifficulty } from './protocol.ts';
import { startXmrPool } from './pool.ts';
import { loadRandomX, type RandomX } from './randomx.ts';
import { startMoneroRegtest, type MoneroRegtest } from './regtest.ts';

const TOKEN = 'xmr-regtest-token-0123456789';
let node: MoneroRegtest;
let api: Awaited<ReturnType<typeof startCaptureApi>>;
let outbox: Outbox;
let pool: Awaited<ReturnType<typeof startXmrPool>>;
let randomx: RandomX;
let port: number;
const dir = mkdtempSync(join(tmpdir(), 'op-xmr-stratum-'));
// A miner's own address: any valid main-network address (regtest uses the main network's bytes).
const MINER = makeAddress('mainnet', 'standard', Buffer.alloc(32, 3), Buffer.alloc(32, 9));
// The roots the templates commit to (audit-root.ts follows the API's in production).
const AUDIT_ROOT = 'a1'.repeat(32);
const NEXT_ROOT = 'b2'.repeat(32);
let auditRoot = AUDIT_ROOT;
/** A block's miner tx extra, as `npm run verify -- --node` reads it (get_block's json). */
async function extraOf(hash: string): Promise<number[]> {
  const { json } = await node.rpc<{ json: string }>('get_block', { hash });
  return (JSON.parse(json) as { miner_tx: { extra: number[] } }).miner_tx.extra;
}

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 90_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A raw client: writes what it is given and collects every answer line. */
function rawClient() {
  const socket = net.connect({ host: '127.0.0.1', port });
  const lines: Record<string, unknown>[] = [];
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk.toString();
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      lines.push(JSON.parse(buffer.slice(0, at)) as Record<string, unknown>);
      buffer = buffer.slice(at + 1);
    }
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, lines, closed, connected, send: (value: unknown) => socket.write(JSON.stringify(value) + '\n') };
}

const shares = () => api.events.filter((event): event is ShareEvent => event.type === 'share');
const errorOf = (line: Record<string, unknown> | undefined) => (line?.error as { message?: string } | null)?.message;

beforeAll(async () => {
  node = await startMoneroRegtest(19180, { difficulty: 40, wallet: true });
  randomx = await loadRandomX({ threads: 2 });
  api = await startCaptureApi(TOKEN);
  outbox = openOutbox({ dir, apiUrl: api.url, token: TOKEN, source: 'stratum-xmr-test', log: () => undefined, flushMs: 20 });
  pool = await startXmrPool({
    rpc: node.rpc,
    daemonUrl: node.daemonUrl,
    outbox,
    dataDir: dir,
    poolAddress: node.address!,
    network: 'mainnet',
    randomx,
    session: xmrSessionOptions(2),
    limits: { maxLineBytes: 16 * 1024, loginTimeoutMs: 1500, idleTimeoutMs: 60_000, maxBadLines: 3 },
    bans: BANS,
    log: () => undefined,
    chainCheckMs: 200,
    pollMs: 100,
    auditRoot: () => auditRoot,
  });
  port = await pool.server.listen(0, '127.0.0.1');
}, 120_000);

afterAll(async () => {
  await pool?.stop();
  await outbox?.close();
  await api?.close();
  randomx?.close();
  await node?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('the Monero stratum on monerod --regtest', () => {
  it('logs our miner in, accepts its RandomX shares and finds a block the node accepts, paid to the pool', async () => {
    const { height: before } = await node.rpc<{ height: number }>('get_info');
    const miner = startXmrMiner({ host: '127.0.0.1', port, login: `${MINER}.rig1`, pass: 'd=4', randomx, threads: 2 });
    try {
      expect(await miner.ready).toEqual({ ok: true });
      const job = miner.job()!;
      expect(job.seed.length).toBe(32);
      await until(
        'accepted shares and a block',
        () => miner.stats.accepted >= 3 && pool.found.some((block) => block.answer === null),
      );
      const { height: after } = await node.rpc<{ height: number }>('get_info');
      expect(after).toBeGreaterThan(before);
      const block = pool.found.find((candidate) => candidate.answer === null)!;
      // The node knows our block by the id we computed, and it is in the main chain.
      const { block_header: header } = await node.rpc<{ block_header: { height: number; hash: string } }>(
        'get_block_header_by_hash',
        {
          hash: block.hash,
        },
      );
      expect(header.height).toBe(block.height);
      // Its coinbase pays the pool wallet.
      await node.wallet!('refresh');
      const { balance } = await node.wallet!<{ balance: number }>('get_balance', { account_index: 0 });
      expect(balance).toBeGreaterThan(0);
      await until('events at the API', () => shares().length >= 3 && api.events.some((event) => event.type === 'block'));
      const valid = shares().filter((share) => share.status === 'valid');
      expect(valid[0]).toMatchObject({ coin: 'xmr', address: MINER, worker: 'rig1', scheme: 'prop', difficulty: 4 });
      expect(valid.every((share) => (share.actual_difficulty ?? 0) >= share.difficulty)).toBe(true);
      const blockEvent = api.events.find((event): event is BlockEvent => event.type === 'block')!;
      expect(blockEvent).toMatchObject({ coin: 'xmr', hash: block.hash, height: block.height, finder: MINER });
      expect(BigInt(blockEvent.reward)).toBeGreaterThan(0n);
      // The block the node accepted commits to the audit root in its miner tx extra.
      expect(extraAnchoredRoot(await extraOf(block.hash))).toBe(AUDIT_ROOT);
      // A new root makes a new template, and the blocks mined on it carry the new root.
      const seen = pool.found.length;
      auditRoot = NEXT_ROOT;
      await until('a template on the new root', () => pool.templates.current()?.auditRoot === NEXT_ROOT);
      const rootsAfter = async () =>
        Promise.all(
          pool.found
            .slice(seen)
            .filter((candidate) => candidate.answer === null)
            .map(async (candidate) => extraAnchoredRoot(await extraOf(candidate.hash))),
        );
      await until('a block on the new root', async () => (await rootsAfter()).includes(NEXT_ROOT));
      // Work of a job sent before the switch (same tip) may still carry the old one, never anything else.
      expect((await rootsAfter()).every((root) => root === NEXT_ROOT || root === AUDIT_ROOT)).toBe(true);
      // Only work in flight when a block moved the tip may be refused, as "Block expired".
      expect([...miner.stats.errors.keys()].every((message) => message === 'Block expired')).toBe(true);
    } finally {
      miner.stop();
    }
  }, 180_000);

  it('refuses bad shares with XMRig’s messages, and the miner beside it keeps mining', async () => {
    // The steady miner connects now but hashes only after the hand-made submissions: a block it
    // found in the middle would make them all "Block expired", which is right for the pool but
    // not what each submission checks.
    const bad = startXmrMiner({ host: '127.0.0.1', port, login: `${MINER}.bad`, pass: 'd=1000000', randomx, threads: 0 });
    const idle = startXmrMiner({ host: '127.0.0.1', port, login: `${MINER}.idle`, pass: 'd=4', randomx, threads: 0 });
    let good: ReturnType<typeof startXmrMiner> | undefined;
    try {
      expect((await bad.ready).ok).toBe(true);
      expect((await idle.ready).ok).toBe(true);
      const job = bad.job()!;
      const blob = Buffer.from(job.blob);
      // An honest hash that does not meet the job's difficulty (capped at the network's 40).
      let honest = '';
      for (let nonce = 1; !honest; nonce += 1) {
        blob.writeUInt32LE(nonce, 39);
        const hash = await randomx.hash(job.seed, blob);
        if (!meetsDifficulty(hash, BigInt(job.difficulty))) honest = hash.toString('hex');
      }
      const low = await bad.submitRaw({ job_id: job.jobId, nonce: blob.subarray(39, 43).toString('hex'), result: honest });
      expect(low.error?.message).toBe('Low difficulty share');
      const again = await bad.submitRaw({ job_id: job.jobId, nonce: blob.subarray(39, 43).toString('hex'), result: honest });
      expect(again.error?.message).toBe('Duplicate share');
      const forged = await bad.submitRaw({ job_id: job.jobId, nonce: 'ffffff7f', result: 'ff'.repeat(32) });
      expect(forged.error?.message).toMatch(/^Incorrect hash/);
      const unknown = await bad.submitRaw({ job_id: 'nope', nonce: '02000000', result: honest });
      expect(unknown.error?.message).toBe('Invalid job id');
      const malformed = await bad.submitRaw({ job_id: job.jobId, nonce: 'zz', result: honest });
      expect(malformed.error?.message).toBe('Malformed nonce');
      // The other connection was not touched by any of it.
      expect(idle.stats.errors.size).toBe(0);
      good = startXmrMiner({ host: '127.0.0.1', port, login: `${MINER}.steady`, pass: 'd=4', randomx });
      expect((await good.ready).ok).toBe(true);
      // A new block makes the old job's shares "Block expired".
      const tip = pool.templates.current()!.prevHash;
      await until('a new block', () => pool.templates.current()!.prevHash !== tip);
      const stale = await bad.submitRaw({ job_id: job.jobId, nonce: '03000000', result: honest });
      expect(stale.error?.message).toBe('Block expired');
      const steady = good;
      const acceptedBefore = steady.stats.accepted;
      await until('the good miner keeps getting shares accepted', () => steady.stats.accepted > acceptedBefore + 2);
      expect([...steady.stats.errors.keys()].every((message) => message === 'Block expired')).toBe(true);
      const statuses = shares()
        .filter((share) => share.worker === 'bad')
        .map((share) => share.status);
      expect(statuses).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'invalid', 'stale']);
    } finally {
      good?.stop();
      idle.stop();
      bad.stop();
    }
  }, 180_000);

  it('answers unauthenticated submits, bad addresses and garbage without closing, and cuts off hostile clients', async () => {
    const client = rawClient();
    await client.connected;
    client.send({
      id: 1,
      jsonrpc: '2.0',
      method: 'submit',
      params: { id: 'x', job_id: 'y', nonce: '00000000', result: '00'.repeat(32) },
    });
    client.send({
      id: 2,
      jsonrpc: '2.0',
      method: 'login',
      params: { login: MINER.slice(0, -1) + (MINER.endsWith('1') ? '2' : '1'), pass: 'x' },
    });
    const testnet = makeAddress('testnet', 'standard', Buffer.alloc(32, 3), Buffer.alloc(32, 9));
    client.send({ id: 3, jsonrpc: '2.0', method: 'login', params: { login: testnet, pass: 'x' } });
    client.socket.write('{not json\n');
    client.send({ id: 4, jsonrpc: '2.0', method: 'login', params: { login: `${MINER}+50`, pass: 'x', algo: ['cn/r'] } });
    const integrated = makeAddress('mainnet', 'integrated', Buffer.alloc(32, 3), Buffer.alloc(32, 9), Buffer.alloc(8, 1));
    client.send({
      id: 5,
      jsonrpc: '2.0',
      method: 'login',
      params: { login: `${integrated}+50`, pass: 'w2', rigid: 'rig-a', agent: 'XMRig/6.22.2' },
    });
    await until('five answers and one error line', () => client.lines.length >= 6, 10_000);
    const byId = (id: number) => client.lines.find((line) => line.id === id);
    expect(errorOf(byId(1))).toBe('Unauthenticated');
    expect(errorOf(byId(2))).toMatch(/^Invalid address .*checksum/);
    expect(errorOf(byId(3))).toMatch(/testnet address; this pool mines on mainnet/);
    expect(errorOf(client.lines.find((line) => line.id === null))).toBe('not JSON');
    expect(errorOf(byId(4))).toMatch(/Unsupported algorithm/);
    const login = byId(5)!.result as { id: string; status: string; job: Record<string, unknown>; extensions: string[] };
    expect(login.status).toBe('OK');
    expect(login.job).toMatchObject({ algo: 'rx/0', target: expect.stringMatching(/^[0-9a-f]{8}$/) });
    // ADDRESS+50: fixed difficulty 50, capped at the network's 40.
    expect(login.job.target).toBe(difficultyToTarget(40));
    expect(readTarget(String(login.job.target)).difficulty).toBeGreaterThanOrEqual(40);
    client.send({ id: 6, jsonrpc: '2.0', method: 'keepalived', params: { id: login.id } });
    await until('keepalived', () => byId(6) !== undefined, 10_000);
    expect(byId(6)!.result).toEqual({ status: 'KEEPALIVED' });

    // A 1 MB line closes only its own connection; a client that never logs in is timed out.
    const flood = rawClient();
    await flood.connected;
    flood.socket.write('x'.repeat(1024 * 1024));
    await flood.closed;
    const silent = rawClient();
    await silent.connected;
    silent.socket.write('{"id":1,"method":"lo');
    await silent.closed;
    expect(client.socket.destroyed).toBe(false);
    client.socket.destroy();
  }, 60_000);

  it('reports a block popped off the main chain as orphaned', async () => {
    const block = pool.found.find((candidate) => candidate.answer === null)!;
    await until('the block confirmed', () =>
      api.events.some(
        (event) => event.type === 'block_status' && event.hash === block.hash && !event.orphaned && event.confirmations >= 1,
      ),
    );
    const { height } = await node.rpc<{ height: number }>('get_info');
    // pop_blocks is monerod's own way back (not JSON-RPC): everything from our block up goes.
    const response = await fetch(`${node.daemonUrl}/pop_blocks`, {
      method: 'POST',
      body: JSON.stringify({ nblocks: height - block.height }),
    });
    expect(((await response.json()) as { status: string }).status).toBe('OK');
    await until('the orphan reported', () =>
      api.events.some(
        (event): event is BlockStatusEvent => event.type === 'block_status' && event.hash === block.hash && event.orphaned,
      ),
    );
  }, 120_000);
});
