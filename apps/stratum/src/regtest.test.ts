/**
 * The stratum server on a real `litecoind -regtest`: our CPU miner connects, mines real scrypt
 * shares, finds blocks that the node accepts (paying the pool's address), and bad clients
 * are refused without touching it. Ports 19160-19163 (decision 013: 19150-19199).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockEvent, BlockStatusEvent, ShareEvent } from '@openpool/domain/events';
import { BANS, sessionOptions } from './defaults.ts';
import { startMiner } from './miner/miner.ts';
import { openOutbox, type Outbox } from './outbox.ts';
import { startPool } from './pool.ts';
import { startCaptureApi } from './testing/capture-api.ts';
import { startRegtest, type Regtest } from './testing/regtest.ts';
import { anchoredRoot } from '@openpool/domain/audit';

const TOKEN = 'regtest-token-0123456789';
/** The root every coinbase commits to here (audit-root.ts follows the API's in production). */
const AUDIT_ROOT = '5e'.repeat(32);
let chain: Regtest;
let api: Awaited<ReturnType<typeof startCaptureApi>>;
let outbox: Outbox;
let pool: Awaited<ReturnType<typeof startPool>>;
let port: number;
let poolAddress: string;
let minerAddress: string;
const dir = mkdtempSync(join(tmpdir(), 'op-stratum-'));

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 30_000) => {
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
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    for (const part of parts) if (part) lines.push(JSON.parse(part));
  });
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  return { socket, lines, closed: () => closed, send: (text: string) => socket.write(text) };
}

beforeAll(async () => {
  chain = await startRegtest(19160);
  poolAddress = await chain.wallet<string>('getnewaddress', ['pool', 'bech32']);
  minerAddress = await chain.wallet<string>('getnewaddress', ['miner', 'bech32']);
  // Out of initial block download: the node wants one block of today before it gives work.
  await chain.rpc('generatetoaddress', [1, await chain.wallet<string>('getnewaddress')]);
  api = await startCaptureApi(TOKEN);
  outbox = openOutbox({ dir, apiUrl: api.url, token: TOKEN, source: 'stratum-test', log: () => undefined, flushMs: 20 });
  pool = await startPool({
    rpc: chain.rpc,
    outbox,
    dataDir: dir,
    poolAddress,
    session: sessionOptions(1 / 4096, 'pps'),
    bans: BANS,
    log: () => undefined,
    chainCheckMs: 200,
    auditRoot: () => AUDIT_ROOT,
  });
  port = await pool.server.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await pool?.stop();
  await outbox?.close();
  await api?.close();
  await chain?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('stratum on litecoind -regtest', () => {
  it('mines: shares accepted, blocks accepted by the node and paying the pool, events in order', async () => {
    const height0 = await chain.rpc<number>('getblockcount');
    const miner = startMiner({ host: '127.0.0.1', port, login: `${minerAddress}.cpu1`, password: 's=prop', hashesPerSecond: 12 });
    await miner.ready;
    await until(
      'two found blocks and 10 accepted shares',
      () => pool.found.filter((b) => b.answer === null).length >= 2 && miner.stats.accepted >= 10,
    );
    miner.stop();
    expect(await chain.rpc<number>('getblockcount')).toBeGreaterThanOrEqual(height0 + 2);
    const block = pool.found.find((b) => b.answer === null)!;
    const onChain = await chain.rpc<{
      tx: { vout: { scriptPubKey: { address?: string; addresses?: string[]; hex: string } }[] }[];
    }>('getblock', [block.hash, 2]);
    const paid = onChain.tx[0]!.vout[0]!.scriptPubKey;
    expect(paid.address ?? paid.addresses?.[0]).toBe(poolAddress);
    // The block the node accepted commits to the audit root (decision 025).
    expect(onChain.tx[0]!.vout.map((out) => anchoredRoot(out.scriptPubKey.hex)).filter(Boolean)).toEqual([AUDIT_ROOT]);

    await until('events delivered', () => outbox.pending() === 0);
    const seqs = api.events.map((event) => event.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const shares = api.events.filter((event): event is ShareEvent => event.type === 'share' && event.status === 'valid');
    expect(shares.length).toBeGreaterThanOrEqual(10);
    expect(shares[0]).toMatchObject({
      coin: 'ltc',
      address: minerAddress,
      worker: 'cpu1',
      scheme: 'prop',
      ip: '127.0.0.1',
      agent: 'openpool-testminer/1.0',
    });
    const blocks = api.events.filter((event): event is BlockEvent => event.type === 'block');
    expect(blocks.find((event) => event.hash === block.hash)).toMatchObject({
      finder: minerAddress,
      scheme: 'prop',
      reward: '5000000000',
      fees: '0',
    });
    expect(api.events.some((event) => event.type === 'network' && event.difficulty > 0)).toBe(true);
  });

  it('reports a block taken off the main chain as orphaned', async () => {
    const block = pool.found.find((b) => b.answer === null)!;
    await chain.rpc('invalidateblock', [block.hash]);
    await until('an orphan status', () =>
      api.events.some(
        (event) =>
          event.type === 'block_status' &&
          (event as BlockStatusEvent).hash === block.hash &&
          (event as BlockStatusEvent).orphaned,
      ),
    );
    await chain.rpc('reconsiderblock', [block.hash]);
  });

  it('refuses garbage, a 1 MB line and a silent client without disturbing a working miner', async () => {
    const miner = startMiner({ host: '127.0.0.1', port, login: `${minerAddress}.steady`, hashesPerSecond: 12 });
    await miner.ready;
    const garbage = rawClient();
    garbage.send('this is not json\n{"id":1,"method":"mining.subscribe","params":[]}\n');
    await until('answers to garbage', () => garbage.lines.length >= 2);
    expect(garbage.lines[0]).toMatchObject({ id: null, error: [20, 'Other/Unknown: not JSON', null] });
    expect(garbage.lines[1]).toMatchObject({ id: 1, error: null });
    const huge = rawClient();
    huge.send('{"id":1,"method":"' + 'x'.repeat(1024 * 1024));
    await until('the 1 MB line cut off', () => huge.closed());
    const silent = rawClient();
    silent.send('{"id":1,'); // and never finishes the line
    const accepted = miner.stats.accepted;
    await until('the steady miner still mining', () => miner.stats.accepted >= accepted + 3);
    expect(silent.closed()).toBe(false); // closed by the login timeout (30 s), not by others' trouble
    miner.stop();
    for (const client of [garbage, huge, silent]) client.socket.destroy();
  });

  it('answers stale (21), duplicate (22) and low-difficulty (23) submissions', async () => {
    const client = rawClient();
    client.send(
      `{"id":1,"method":"mining.subscribe","params":[]}\n{"id":2,"method":"mining.authorize","params":["${minerAddress}.raw","d=100000"]}\n`,
    );
    await until('a job', () => client.lines.some((line) => line.method === 'mining.notify'));
    const notify = client.lines.find((line) => line.method === 'mining.notify') as { params: string[] };
    const [jobId, , , , , , , ntime] = notify.params;
    const submit = (id: number, job: string, nonce: string) =>
      client.send(
        JSON.stringify({ id, method: 'mining.submit', params: [`${minerAddress}.raw`, job, '00000001', ntime, nonce] }) + '\n',
      );
    submit(10, 'ffffff', '00000000');
    submit(11, jobId!, '00000001');
    submit(12, jobId!, '00000001');
    await until('three answers', () => [10, 11, 12].every((id) => client.lines.some((line) => line.id === id)));
    const error = (id: number) => (client.lines.find((line) => line.id === id) as { error: [number] | null }).error?.[0];
    expect(error(10)).toBe(21);
    // With d=100000 capped at the network's difficulty, a random nonce is either a block or low.
    expect([23, undefined]).toContain(error(11));
    // After a block the job may already be gone when the copy arrives (a busy machine): stale then.
    if (error(11) === undefined) expect([21, 22]).toContain(error(12));
    else expect(error(12)).toBe(22);
    client.socket.destroy();
  });
});
