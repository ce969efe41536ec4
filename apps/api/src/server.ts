import { resolve } from 'node:path';
import { parseApiEnv } from './env.ts';
import { startRuntime } from './runtime.ts';

let env: ReturnType<typeof parseApiEnv>;
try {
  env = parseApiEnv(process.env, resolve(import.meta.dirname, '..', '..', '..'));
} catch (error) {
  console.error(`api: cannot start: ${(error as Error).message}`);
  process.exit(1);
}

// Signals are handled from the first moment, and with `on`, not `once`: `kill -TERM -- -PGID`
// of `npm start` reaches the API twice (from the group, then from scripts/start.mjs), and a
// second signal falling to Node's default would end the API in the middle of its stop and
// leave PostgreSQL running (decision 009, clean stops).
/** Set once started; a signal before that is remembered and acted on as start-up ends. */
const started: { runtime?: Awaited<ReturnType<typeof startRuntime>> } = {};
let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  // Armed at the first signal in every state (starting, a database being started again, a full
  // disk): a stop that hangs still ends within 10 s, and the embedded PostgreSQL is told to stop
  // as the process exits (decision 030: SIGTERM did not stop an API whose database would not start).
  setTimeout(() => {
    console.error(`api: stop took over ${(env.drainMs + 8000) / 1000} s; exiting`);
    process.exit(1);
  }, env.drainMs + 8000).unref();
  if (started.runtime) shutdown(started.runtime);
}
function shutdown(runtime: NonNullable<typeof started.runtime>): void {
  // A replica behind a load balancer drains first (API_DRAIN_SECONDS, rolling restarts, issue
  // 30): /ready says 503 and answers close their connections, so the balancer moves traffic
  // away before the listener closes.
  if (env.drainMs > 0) {
    console.log(`api: draining for ${env.drainMs / 1000} s before stopping`);
    runtime.drain();
  }
  void new Promise((resolve) => setTimeout(resolve, env.drainMs))
    .then(() => runtime.stop())
    .then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`api: stop failed: ${error.message}`);
        process.exit(1);
      },
    );
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);

const startedAt = Date.now();
const runtime = await startRuntime(env).catch((error: Error) => {
  console.error(`api: cannot start: ${error.message}`);
  process.exit(1);
});
started.runtime = runtime;
if (stopping) {
  // Asked to stop while starting: stop now instead of listening.
  shutdown(runtime);
} else {
  await runtime.app.listen({ host: env.host, port: env.port });
  console.log(`api: listening on http://localhost:${env.port} (docs at /docs) after ${Date.now() - startedAt} ms`);
}
