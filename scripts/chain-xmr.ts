// `npm run chain -- xmr`: the Monero demo in one command (decision 031). Installs Debian's monero
// and librandomx when missing, starts `monerod --regtest` and `monero-wallet-rpc` with a wallet
// (kept in .data/regtest-xmr, so a restart goes on with the same chain and balances), the
// product (`npm start`) with SIMULATOR=off and the Monero stratum on that node, and our CPU
// test miner (XMRig's protocol, RandomX light mode through the same librandomx0), so the
// site's xmr pages fill with one real miner: hashrate, shares, blocks the node accepted,
// balances that mature after 60 blocks, and payouts sent by the wallet. Ctrl-C stops all.
//
// Env: CHAIN_XMR_RPC_PORT (default 18081; P2P takes the next port, the wallet the one after),
// STRATUM_XMR_PORT (3334), CHAIN_XMR_DIFFICULTY (the regtest's fixed difficulty, 20: a block every few
// seconds from a light-mode CPU miner, so credits mature 60 blocks later within minutes),
// CHAIN_XMR_THREADS (the miner's RandomX threads, 1).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { startXmrMiner } from '../apps/stratum/src/xmr/miner.ts';
import { loadRandomX } from '../apps/stratum/src/xmr/randomx.ts';
import { startMoneroRegtest } from '../apps/stratum/src/xmr/regtest.ts';
import { chainStop } from './chain-stop.ts';

const root = join(import.meta.dirname, '..');
const env = process.env;
const rpcPort = Number(env.CHAIN_XMR_RPC_PORT ?? 18081);
const stratumPort = Number(env.STRATUM_XMR_PORT ?? 3334);
const difficulty = Number(env.CHAIN_XMR_DIFFICULTY ?? 20);
const threads = Number(env.CHAIN_XMR_THREADS ?? 1);

const installed = spawnSync(process.execPath, [join(root, 'scripts/ensure-monerod.mjs')], { stdio: 'inherit' });
if (installed.status !== 0) process.exit(installed.status ?? 1);

const dir = resolve(root, env.DATA_DIR ?? '.data', 'regtest-xmr');
mkdirSync(dir, { recursive: true });
// Signals stop the miner, the product and the nodes within 10 s (scripts/chain-stop.ts).
const control = chainStop();
let miner: ReturnType<typeof startXmrMiner> | undefined;
control.parts.beforeStop = () => miner?.stop();

console.log(`chain: starting monerod --regtest (fixed difficulty ${difficulty}) in ${dir} (RPC on 127.0.0.1:${rpcPort})`);
const chain = await startMoneroRegtest(rpcPort, { keep: dir, difficulty, wallet: true });
await control.nodesStarted(chain);
const wallet = chain.wallet!;
// The demo miner's address: a subaddress of the pool's wallet labelled for it (one wallet serves
// the demo; its payouts leave the pool's primary address and arrive here).
const { addresses } = await wallet<{ addresses: { address: string; label: string }[] }>('get_address', { account_index: 0 });
const minerAddress =
  addresses.find((entry) => entry.label === 'demo-miner')?.address ??
  (await wallet<{ address: string }>('create_address', { account_index: 0, label: 'demo-miner' })).address;
const randomx = await loadRandomX({ threads });
control.parts.afterStop = () => randomx.close();

const product = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    SIMULATOR: 'off',
    XMR_DAEMON_URL: chain.daemonUrl,
    XMR_WALLET_RPC_URL: chain.walletUrl,
    STRATUM_XMR_PORT: String(stratumPort),
    // Our light-mode miner makes a few hashes a second: a share every few seconds from the start.
    STRATUM_XMR_DIFFICULTY: env.STRATUM_XMR_DIFFICULTY ?? '10',
    STRATUM_XMR_URL: env.STRATUM_XMR_URL ?? `127.0.0.1:${stratumPort}`,
  },
});
control.parts.product = product;
product.on('exit', (code) => {
  if (!control.stopping) {
    console.error(`chain: the product stopped (exit ${code}); stopping the node`);
    void control.stop(code || 1);
  }
});

const listening = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: stratumPort }, () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });
while (!control.stopping && !(await listening())) await new Promise((resolve) => setTimeout(resolve, 500));
if (!control.stopping) {
  miner = startXmrMiner({
    host: '127.0.0.1',
    port: stratumPort,
    login: `${minerAddress}.cpu1`,
    pass: 's=prop',
    randomx,
    threads,
  });
  const login = await miner.ready;
  if (!login.ok) {
    console.error(`chain: the miner could not log in: ${login.message}`);
    await control.stop(1);
  }
  console.log(
    `chain: our CPU miner mines as ${minerAddress.slice(0, 12)}….cpu1 (PROP); see /xmr/miner/stats/${minerAddress} on the site`,
  );
  setInterval(() => {
    const { accepted, rejected } = miner!.stats;
    console.log(`chain: miner ${miner!.hashrate().toFixed(1)} H/s, ${accepted} shares accepted, ${rejected} rejected`);
  }, 60_000).unref();
}
