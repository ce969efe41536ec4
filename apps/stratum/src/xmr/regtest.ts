/**
 * A real Monero regtest node for tests, benchmarks and `npm run chain -- xmr`: `monerod
 * --regtest --offline --fixed-difficulty N` in a temporary folder, and optionally
 * `monero-wallet-rpc` with a fresh wallet (its primary address pays the pool's blocks).
 * Loopback only, without RPC login (decision 031).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMoneroRpc, type MoneroRpc } from './rpc.ts';

export const MONEROD = '/usr/bin/monerod';
export const MONERO_WALLET_RPC = '/usr/bin/monero-wallet-rpc';

export interface MoneroRegtest {
  daemonUrl: string;
  rpc: MoneroRpc;
  walletUrl?: string;
  wallet?: MoneroRpc;
  /** The wallet's primary address (when a wallet was started). */
  address?: string;
  dir: string;
  stop(): Promise<void>;
}

async function waitFor(what: string, child: ChildProcess, check: () => Promise<unknown>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what} did not answer: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Ports `base` (RPC), `base+1` (P2P, bound to loopback and unused: --offline) and `base+2` (wallet RPC). */
export async function startMoneroRegtest(
  base: number,
  options: { difficulty?: number; wallet?: boolean; keep?: string } = {},
): Promise<MoneroRegtest> {
  const dir = options.keep ?? mkdtempSync(join(tmpdir(), 'op-xmr-regtest-'));
  mkdirSync(join(dir, 'wallets'), { recursive: true });
  const daemon = spawn(
    MONEROD,
    [
      '--regtest',
      '--offline',
      `--fixed-difficulty=${options.difficulty ?? 100}`,
      `--data-dir=${join(dir, 'node')}`,
      '--rpc-bind-ip=127.0.0.1',
      `--rpc-bind-port=${base}`,
      '--p2p-bind-ip=127.0.0.1',
      `--p2p-bind-port=${base + 1}`,
      '--no-igd',
      '--no-zmq',
      '--non-interactive',
      `--log-file=${join(dir, 'monerod.log')}`,
      '--log-level=0',
      // monerod deletes a fake chain (regtest) at start unless told to keep it: without this a
      // restarted demo began again at height 0 while the pool's database still held the old
      // chain's blocks as confirmed.
      ...(options.keep ? ['--keep-fakechain'] : []),
    ],
    { stdio: 'ignore' },
  );
  const daemonUrl = `http://127.0.0.1:${base}`;
  // generateblocks on a busy machine takes a while: RandomX for every block.
  const rpc = createMoneroRpc(daemonUrl, { timeoutMs: 300_000 });
  const children: ChildProcess[] = [daemon];
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor('monerod', daemon, () => rpc('get_info'));
    if (!options.wallet) return { daemonUrl, rpc, dir, stop };
    const wallet = spawn(
      MONERO_WALLET_RPC,
      [
        `--daemon-address=127.0.0.1:${base}`,
        '--trusted-daemon',
        '--rpc-bind-ip=127.0.0.1',
        `--rpc-bind-port=${base + 2}`,
        '--disable-rpc-login',
        `--wallet-dir=${join(dir, 'wallets')}`,
        '--non-interactive',
        `--log-file=${join(dir, 'wallet-rpc.log')}`,
        '--log-level=0',
      ],
      { stdio: 'ignore' },
    );
    children.push(wallet);
    const walletUrl = `http://127.0.0.1:${base + 2}`;
    const walletRpc = createMoneroRpc(walletUrl, { timeoutMs: 300_000 });
    await waitFor('monero-wallet-rpc', wallet, () => walletRpc('get_version'));
    await walletRpc('create_wallet', { filename: 'pool', password: '', language: 'English' }).catch(async () =>
      walletRpc('open_wallet', { filename: 'pool', password: '' }),
    );
    const { address } = await walletRpc<{ address: string }>('get_address', { account_index: 0 });
    return { daemonUrl, rpc, walletUrl, wallet: walletRpc, address, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
