import { resolve } from 'node:path';
import { buildApp } from './app.ts';
import { parseApiEnv } from './env.ts';

let env: ReturnType<typeof parseApiEnv>;
try {
  env = parseApiEnv(process.env, resolve(import.meta.dirname, '..', '..', '..'));
} catch (error) {
  console.error(`api: cannot start: ${(error as Error).message}`);
  process.exit(1);
}

const app = buildApp();
await app.listen({ host: env.host, port: env.port });
console.log(`api: listening on http://localhost:${env.port} (health check only; the pool data service is not built yet)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
