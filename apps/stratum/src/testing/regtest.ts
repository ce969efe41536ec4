/**
 * A real Litecoin regtest network for tests, benchmarks and `npm run chain`: two litecoind
 * nodes in a temporary folder, on loopback ports `base`..`base+3` (the second node only
 * exists because Litecoin Core's getblocktemplate refuses to work without a peer). MWEB is
 * kept from activating: its first block needs a peg-in this pool does not make (decision 013).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRpc, type Rpc } from '../rpc.ts';

export const LITECOIND = '/usr/bin/litecoind';
const USER = 'openpool';
const PASSWORD = 'regtest-only';

export interface Regtest {
  rpcUrl: string;
  /** The pool node's RPC. */
  rpc: Rpc;
  /** The pool wallet's RPC (`/wallet/pool`). */
  wallet: Rpc;
  walletUrl: string;
  dir: string;
  stop(): Promise<void>;
}

function startNode(dir: string, rpcPort: number, p2pPort: number, extra: string[]): ChildProcess {
  mkdirSync(dir, { recursive: true });
  return spawn(
    LITECOIND,
    [
      '-regtest',
      `-datadir=${dir}`,
      `-rpcport=${rpcPort}`,
      `-port=${p2pPort}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      `-rpcuser=${USER}`,
      `-rpcpassword=${PASSWORD}`,
      '-server',
      '-dnsseed=0',
      '-discover=0',
      '-upnp=0',
      '-fallbackfee=0.0001',
      '-vbparams=mweb:4000000000:4000000001',
      '-printtoconsole=0',
      ...extra,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

async function waitForRpc(rpc: Rpc, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`litecoind exited with ${child.exitCode}: ${child.stderr?.read()?.toString() ?? ''}`);
    try {
      await rpc('getblockchaininfo');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`litecoind did not answer: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function stopNode(rpc: Rpc, child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await rpc('stop').catch(() => child.kill('SIGTERM'));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export async function startRegtest(base: number, options: { keep?: string } = {}): Promise<Regtest> {
  const dir = options.keep ?? mkdtempSync(join(tmpdir(), 'op-regtest-'));
  const url = (port: number, path = '') => `http://${USER}:${PASSWORD}@127.0.0.1:${port}${path}`;
  const pool = startNode(join(dir, 'pool'), base, base + 1, ['-listen=1', '-bind=127.0.0.1']);
  const peer = startNode(join(dir, 'peer'), base + 2, base + 3, [
    '-listen=0',
    '-disablewallet',
    `-connect=127.0.0.1:${base + 1}`,
  ]);
  const rpc = createRpc(url(base));
  const peerRpc = createRpc(url(base + 2));
  const stop = async () => {
    await Promise.all([stopNode(rpc, pool), stopNode(peerRpc, peer)]);
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all([waitForRpc(rpc, pool), waitForRpc(peerRpc, peer)]);
    const wallets = await rpc<string[]>('listwallets');
    if (!wallets.includes('pool')) await rpc('createwallet', ['pool']).catch(() => rpc('loadwallet', ['pool']));
    for (let i = 0; i < 100 && (await rpc<number>('getconnectioncount')) === 0; i++) await new Promise((r) => setTimeout(r, 100));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    rpcUrl: url(base),
    rpc,
    wallet: createRpc(url(base, '/wallet/pool')),
    walletUrl: url(base, '/wallet/pool'),
    dir,
    stop,
  };
}
