/**
 * `node apps/stratum/src/main.ts`: the stratum server for ltc, on the node at LTC_RPC_URL,
 * posting events to the API. `npm start` runs it when LTC_RPC_URL is set.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BANS, sessionOptions } from './defaults.ts';
import { parseStratumEnv, type StratumEnv } from './env.ts';
import { watchAuditRoot } from './audit-root.ts';
import { createStratumMetrics } from './metrics.ts';
import { serveMetrics } from '@openpool/metrics-port';
import { openOutbox } from './outbox.ts';
import { startPool } from './pool.ts';
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

// Metrics only when the operator asked for their port (decision 022): off, nothing is counted.
const metrics = env.metrics ? createStratumMetrics('ltc') : undefined;
const rpc = metrics ? metrics.meterRpc(createRpc(env.rpcUrl)) : createRpc(env.rpcUrl);
const outbox = openOutbox({
  dir: env.dataDir,
  apiUrl: env.apiUrl,
  token: env.ingestToken,
  source: env.source,
  log,
  onPost: metrics?.onOutboxPost,
});
if (metrics && env.metrics) {
  const { port } = await serveMetrics(metrics.registry, env.metrics.host, env.metrics.port);
  log(`metrics on http://${env.metrics.host}:${port}/metrics`);
}
// Every coinbase commits to the pool's latest audit root (decision 025).
const auditRoot = watchAuditRoot({ apiUrl: env.apiUrl, coin: 'ltc', log });
try {
  let address: string;
  let pool: Awaited<ReturnType<typeof startPool>>;
  // A node that is still starting is waited for, so `npm start` with a fresh node does not stop
  // the whole product; a wrong setting (an address of another chain, bad credentials) stops here.
  for (;;) {
    try {
      address = await poolAddress(rpc);
      pool = await startPool({
        rpc,
        outbox,
        dataDir: env.dataDir,
        poolAddress: address,
        session: sessionOptions(env.initialDifficulty, env.scheme),
        bans: BANS,
        log,
        metrics,
        auditRoot: auditRoot.current,
      });
      break;
    } catch (error) {
      if (!nodeNotReady(error)) throw error;
      log(`waiting for the node (${(error as Error).message}); retrying in 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
  }
  metrics?.watch({ connections: () => pool.server.connections(), outboxPending: () => outbox.pending() });
  const port = await pool.server.listen(env.port, env.host);
  log(`listening on stratum+tcp://${env.host}:${port} for ltc, paying ${address}, events to ${env.apiUrl} as ${env.source}`);
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      void (async () => {
        await pool.stop();
        await outbox.drain(3000);
        await outbox.close();
        process.exit(0);
      })();
    });
  }
} catch (error) {
  console.error(`stratum: cannot start: ${(error as Error).message}`);
  await outbox.close();
  process.exit(1);
}
