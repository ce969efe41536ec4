/**
 * `node apps/stratum/src/main.ts`: the stratum server for ltc, on the node at LTC_RPC_URL,
 * posting events to the API. `npm start` runs it when LTC_RPC_URL is set.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BANS, sessionOptions } from './defaults.ts';
import { parseStratumEnv, type StratumEnv } from './env.ts';
import { startPool } from './pool.ts';
import { openStratumProcess, startWhenNodeReady, stopOnSignals } from './process.ts';
import { createRpc, RpcError, type Rpc } from './rpc.ts';

let env: StratumEnv;
try {
  env = parseStratumEnv(process.env, resolve(import.meta.dirname, '..', '..', '..'));
} catch (error) {
  console.error(`stratum: cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const log = (line: string) => console.log(`stratum: ${line}`);
mkdirSync(env.dataDir, { recursive: true });

/** Without LTC_POOL_ADDRESS the node's wallet gives one, kept so restarts pay the same address. */
async function poolAddress(rpc: Rpc): Promise<string> {
  if (env.poolAddress) return env.poolAddress;
  const file = join(env.dataDir, 'pool-address');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const address = await rpc<string>('getnewaddress', ['pool', 'bech32']);
  writeFileSync(file, address);
  return address;
}

/** Not answering yet, warming up (-28), in initial block download (-10) or without peers (-9). */
function nodeNotReady(error: unknown): boolean {
  if (error instanceof RpcError) return [-28, -10, -9].includes(error.code);
  return error instanceof TypeError; // fetch failed: nothing listens there yet
}

const { metrics, outbox, auditRoot } = await openStratumProcess('ltc', env, log);
const rpc = metrics ? metrics.meterRpc(createRpc(env.rpcUrl)) : createRpc(env.rpcUrl);
try {
  let address = '';
  const pool = await startWhenNodeReady(
    async () => {
      address = await poolAddress(rpc);
      return startPool({
        rpc,
        outbox,
        dataDir: env.dataDir,
        poolAddress: address,
        session: sessionOptions(env.initialDifficulty, env.scheme),
        bans: BANS,
        log,
        metrics,
        // Every coinbase commits to the pool's latest audit root (decision 025).
        auditRoot: auditRoot.current,
      });
    },
    nodeNotReady,
    'the node',
    log,
  );
  metrics?.watch({ connections: () => pool.server.connections(), outboxPending: () => outbox.pending() });
  const port = await pool.server.listen(env.port, env.host);
  log(`listening on stratum+tcp://${env.host}:${port} for ltc, paying ${address}, events to ${env.apiUrl} as ${env.source}`);
  stopOnSignals('stratum', async () => {
    await pool.stop();
    auditRoot.stop();
    await outbox.drain(3000);
    await outbox.close();
  });
} catch (error) {
  console.error(`stratum: cannot start: ${(error as Error).message}`);
  await outbox.close();
  process.exit(1);
}
