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

const started = Date.now();
const runtime = await startRuntime(env).catch((error: Error) => {
  console.error(`api: cannot start: ${error.message}`);
  process.exit(1);
});
await runtime.app.listen({ host: env.host, port: env.port });
console.log(`api: listening on http://localhost:${env.port} (docs at /docs) after ${Date.now() - started} ms`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    void runtime.stop().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`api: stop failed: ${error.message}`);
        process.exit(1);
      },
    );
  });
}
