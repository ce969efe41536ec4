// `npm run chain`: the whole real-chain demo in one command (decision 013); `npm run chain -- xmr`
// runs the Monero one (chain-xmr.ts). Installs Debian's
// litecoind when it is missing, starts a Litecoin regtest network with a wallet (kept in
// .data/regtest, so a restart goes on with the same chain and balances), starts the product
// (`npm start`) with SIMULATOR=off and the ltc stratum server on that node, and our CPU test
// miner on it, so the site fills with one real miner's real data: hashrate, shares, blocks
// the node accepted, balances that mature from the chain, and hourly payouts sent by the
// wallet. Ctrl-C stops everything.
//
// Env: CHAIN_RPC_PORT (default 19443; the node also takes the next three ports),
// STRATUM_LTC_PORT (3333), CHAIN_MINER_HPS (hashes per second of the miner, default 2: on
// regtest nearly every share is a block and the subsidy halves every 150 blocks).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { startMiner } from '../apps/stratum/src/miner/miner.ts';
import { startRegtest } from '../apps/stratum/src/testing/regtest.ts';
import { chainStop } from './chain-stop.ts';

// `npm run chain -- xmr`: the Monero demo instead (chain-xmr.ts), which runs until it is stopped.
if (process.argv[2] === 'xmr') {
  await import('./chain-xmr.ts');
  await new Promise(() => undefined);
}

const root = join(import.meta.dirname, '..');
const env = process.env;
const rpcPort = Number(env.CHAIN_RPC_PORT ?? 19443);
const stratumPort = Number(env.STRATUM_LTC_PORT ?? 3333);
const minerRate = Number(env.CHAIN_MINER_HPS ?? 2);

const installed = spawnSync(process.execPath, [join(root, 'scripts/ensure-litecoind.mjs')], { stdio: 'inherit' });
if (installed.status !== 0) process.exit(installed.status ?? 1);

const dir = resolve(root, env.DATA_DIR ?? '.data', 'regtest');
mkdirSync(dir, { recursive: true });

// Signals stop the miner, the product and the nodes within 10 s (scripts/chain-stop.ts).
const control = chainStop();
let miner: ReturnType<typeof startMiner> | undefined;
control.parts.beforeStop = () => miner?.stop();

console.log(`chain: starting litecoind -regtest in ${dir} (RPC on 127.0.0.1:${rpcPort})`);
const chain = await startRegtest(rpcPort, { keep: dir });
await control.nodesStarted(chain);
const wallet = chain.wallet;
// Out of initial block download: the node gives work only after a block of today.
await chain.rpc('generatetoaddress', [1, await wallet<string>('getnewaddress')]);
const minerAddress = await wallet<string>('getnewaddress', ['demo-miner', 'bech32']);

const product = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    SIMULATOR: 'off',
    LTC_RPC_URL: chain.walletUrl,
    STRATUM_LTC_PORT: String(stratumPort),
    // The site's servers list and connection guide show this server.
    STRATUM_LTC_URL: env.STRATUM_LTC_URL ?? `127.0.0.1:${stratumPort}`,
  },
});
control.parts.product = product;
product.on('exit', (code) => {
  if (!control.stopping) {
    console.error(`chain: the product stopped (exit ${code}); stopping the node`);
    void control.stop(code || 1);
  }
});

// The miner starts once the stratum server listens.
const listening = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: stratumPort }, () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });
while (!control.stopping && !(await listening())) await new Promise((resolve) => setTimeout(resolve, 500));
if (!control.stopping) {
  miner = startMiner({
    host: '127.0.0.1',
    port: stratumPort,
    login: `${minerAddress}.cpu1`,
    password: 's=prop',
    hashesPerSecond: minerRate,
  });
  await miner.ready;
  console.log(`chain: our CPU miner mines as ${minerAddress}.cpu1 (PROP); see /ltc/miner/stats/${minerAddress} on the site`);
  setInterval(() => {
    const { accepted, rejected } = miner!.stats;
    console.log(`chain: miner ${miner!.hashrate().toFixed(1)} H/s, ${accepted} shares accepted, ${rejected} rejected`);
  }, 60_000).unref();
}
