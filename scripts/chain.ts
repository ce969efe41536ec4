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
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import { startMiner } from '../apps/stratum/src/miner/miner.ts';
import { startRegtest } from '../apps/stratum/src/testing/regtest.ts';

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

// Stops (decision 030): SIGINT or SIGTERM to this process (npm forwards both: the npm script is
// `exec node ...`) or to its group stops the miner, the product (npm start's script, which stops
// PostgreSQL) and the Litecoin nodes side by side within 10 s; a second signal forces it.
// Handled from here on, before the nodes start, so that no signal leaves them running.
const running: { product?: ChildProcess; chain?: Awaited<ReturnType<typeof startRegtest>> } = {};
let miner: ReturnType<typeof startMiner> | undefined;
let stopping = false;
let stopAsked = 0;
let forced = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  stopAsked ||= Date.now();
  miner?.stop();
  const deadline = setTimeout(() => force('did not stop within 9 s'), 9000);
  const { product, chain } = running;
  const productStopped =
    product && product.exitCode === null && product.signalCode === null
      ? new Promise((resolve) => product.once('exit', resolve))
      : undefined;
  product?.kill('SIGTERM');
  // Before the nodes answered, chain is unset: the start below stops them once it returns.
  if (!chain) return;
  await Promise.all([productStopped, chain.stop()]);
  clearTimeout(deadline);
  console.log(`chain: stopped in ${((Date.now() - stopAsked) / 1000).toFixed(1)} s`);
  process.exit(code);
}
function force(why: string): void {
  if (forced) return;
  forced = true;
  console.error(`chain: ${why}; forcing the stop`);
  // A second signal to npm start's script is its forced stop (SIGKILL to its children, immediate
  // shutdown of PostgreSQL); the nodes were asked to stop over RPC and finish on their own.
  running.product?.kill('SIGTERM');
  setTimeout(() => process.exit(1), 1000);
}
function onSignal(signal: NodeJS.Signals): void {
  if (!stopping) {
    stopAsked = Date.now();
    console.log(`\nchain: ${signal}: stopping everything (a second ${signal === 'SIGINT' ? 'Ctrl-C' : signal} forces it)`);
    void stop(0);
  } else if (Date.now() - stopAsked > 1000) {
    // One Ctrl-C arrives twice (the terminal's group, then npm): only a later one insists.
    force(`second ${signal}`);
  }
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

console.log(`chain: starting litecoind -regtest in ${dir} (RPC on 127.0.0.1:${rpcPort})`);
const chain = await startRegtest(rpcPort, { keep: dir });
running.chain = chain;
if (stopping) {
  // Asked to stop while the nodes started.
  await chain.stop();
  console.log(`chain: stopped in ${((Date.now() - stopAsked) / 1000).toFixed(1)} s`);
  process.exit(0);
}
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
running.product = product;
product.on('exit', (code) => {
  if (!stopping) {
    console.error(`chain: the product stopped (exit ${code}); stopping the node`);
    void stop(code || 1);
  }
});

// The miner starts once the stratum server listens.
const listening = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: stratumPort }, () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });
while (!stopping && !(await listening())) await new Promise((resolve) => setTimeout(resolve, 500));
if (!stopping) {
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
