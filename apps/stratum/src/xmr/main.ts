/**
 * `node apps/stratum/src/xmr/main.ts`: the Monero stratum server on the monerod at
 * XMR_DAEMON_URL, posting events to the API. RandomX (Debian's librandomx0) is loaded here and
 * nowhere else: without it this process stops with the package to install, and the rest of
 * the product is untouched.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BANS } from '../defaults.ts';
import { openStratumProcess, startWhenNodeReady, stopOnSignals } from '../process.ts';
import { networkOfNode } from './address.ts';
import { xmrSessionOptions } from './defaults.ts';
import { readXmrStratumEnv, type XmrStratumEnv } from './env.ts';
import { startXmrPool } from './pool.ts';
import { loadRandomX, type RandomX } from './randomx.ts';
import { createMoneroRpc, MoneroRpcError } from './rpc.ts';

let env: XmrStratumEnv;
try {
  env = readXmrStratumEnv(resolve(import.meta.dirname, '..', '..', '..', '..'));
} catch (error) {
  console.error(`stratum-xmr: cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const log = (line: string) => console.log(`stratum-xmr: ${line}`);
mkdirSync(env.dataDir, { recursive: true });

let randomx: RandomX;
try {
  randomx = await loadRandomX({ fast: env.fast, threads: env.threads });
} catch (error) {
  console.error(`stratum-xmr: cannot start: ${(error as Error).message}`);
  process.exit(1);
}

const rpc = createMoneroRpc(env.daemonUrl);

/** Without XMR_POOL_ADDRESS the wallet's primary address, kept so restarts pay the same one. */
async function poolAddress(): Promise<string> {
  if (env.poolAddress) return env.poolAddress;
  const file = join(env.dataDir, 'pool-address');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (!env.walletUrl) throw new Error('set XMR_POOL_ADDRESS, or XMR_WALLET_RPC_URL so the wallet’s primary address is paid');
  const { address } = await createMoneroRpc(env.walletUrl)<{ address: string }>('get_address', { account_index: 0 });
  writeFileSync(file, address);
  return address;
}

/** Nothing listens yet, or the node is still syncing (monerod answers "Core is busy", -9). */
function nodeNotReady(error: unknown): boolean {
  if (error instanceof MoneroRpcError) return error.code === -9;
  return error instanceof TypeError || (error as Error).name === 'TimeoutError';
}

const { metrics, outbox, auditRoot } = await openStratumProcess('xmr', env, log);
try {
  let address = '';
  const pool = await startWhenNodeReady(
    async () => {
      address = await poolAddress();
      const info = await rpc<{ nettype?: string; testnet?: boolean; stagenet?: boolean; synchronized?: boolean }>('get_info');
      return startXmrPool({
        rpc,
        daemonUrl: env.daemonUrl,
        outbox,
        dataDir: env.dataDir,
        poolAddress: address,
        network: networkOfNode(info),
        randomx,
        session: xmrSessionOptions(env.initialDifficulty, env.scheme),
        bans: BANS,
        log,
        metrics,
        // Every block template commits to the pool's latest audit root in its tx extra (decision 025).
        auditRoot: auditRoot.current,
      });
    },
    nodeNotReady,
    'monerod',
    log,
  );
  metrics?.watch({ connections: () => pool.server.connections(), outboxPending: () => outbox.pending() });
  const port = await pool.server.listen(env.port, env.host);
  log(
    `listening on stratum+tcp://${env.host}:${port} for xmr (RandomX ${randomx.mode} mode), paying ${address}, events to ${env.apiUrl} as ${env.source}`,
  );
  stopOnSignals('stratum-xmr', async () => {
    await pool.stop();
    auditRoot.stop();
    await outbox.drain(3000);
    await outbox.close();
    randomx.close();
  });
} catch (error) {
  console.error(`stratum-xmr: cannot start: ${(error as Error).message}`);
  await outbox.close();
  process.exit(1);
}
