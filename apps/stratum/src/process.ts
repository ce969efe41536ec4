/**
 * What every chain's stratum server process (`main.ts`, `xmr/main.ts`) does the same way: its
 * outbox to the API, its metrics port when asked for (decision 022), the audit root its blocks
 * commit to (decision 025), the wait for a node that is still starting (so `npm start` with a
 * fresh node does not stop the whole product; a wrong setting stops here), and a clean stop on
 * SIGINT or SIGTERM with the outbox drained.
 */
import { serveMetrics } from '@openpool/metrics-port';
import { watchAuditRoot } from './audit-root.ts';
import { createStratumMetrics } from './metrics.ts';
import { openOutbox } from './outbox.ts';

export interface ProcessEnv {
  dataDir: string;
  apiUrl: string;
  ingestToken: string;
  source: string;
  metrics?: { host: string; port: number };
}

export async function openStratumProcess(coin: 'ltc' | 'xmr', env: ProcessEnv, log: (line: string) => void) {
  // Metrics only when the operator asked for their port (decision 022): off, nothing is counted.
  const metrics = env.metrics ? createStratumMetrics(coin) : undefined;
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
  const auditRoot = watchAuditRoot({ apiUrl: env.apiUrl, coin, log });
  return { metrics, outbox, auditRoot };
}

/** `start` again every 10 s while the node is not ready (`notReady`); any other error is thrown. */
export async function startWhenNodeReady<T>(
  start: () => Promise<T>,
  notReady: (error: unknown) => boolean,
  node: string,
  log: (line: string) => void,
): Promise<T> {
  for (;;) {
    try {
      return await start();
    } catch (error) {
      if (!notReady(error)) throw error;
      log(`waiting for ${node} (${(error as Error).message}); retrying in 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
  }
}

/** The first SIGINT or SIGTERM runs `stop` once, then the process exits (1 when `stop` failed). */
export function stopOnSignals(name: string, stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      void stop().then(
        () => process.exit(0),
        (error: Error) => {
          console.error(`${name}: stopping: ${error.message}`);
          process.exit(1);
        },
      );
    });
  }
}
