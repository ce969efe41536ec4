/**
 * Steady load for the rolling-restart test: `connections` clients, each with its own kept-alive
 * connection (as a browser or a proxy keeps one), asking for `paths` in turn until stopped.
 * A failure is a connection error or a 5xx.
 */
import http from 'node:http';

export interface LoadFigures {
  requests: number;
  failures: number;
  errors: Record<string, number>;
}

export function startLoad(base: string, paths: readonly string[], connections: number) {
  const figures: LoadFigures = { requests: 0, failures: 0, errors: {} };
  let running = true;
  const fail = (what: string) => {
    figures.failures += 1;
    figures.errors[what] = (figures.errors[what] ?? 0) + 1;
  };
  const client = async (offset: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = offset; running; i += 1) {
      const path = paths[i % paths.length]!;
      await new Promise<void>((resolve) => {
        const request = http.get(new URL(path, base), { agent, timeout: 30_000 }, (response) => {
          response.resume();
          response.on('end', () => {
            figures.requests += 1;
            if ((response.statusCode ?? 500) >= 500) fail(`${response.statusCode} ${path}`);
            resolve();
          });
          response.on('error', () => resolve());
        });
        request.on('timeout', () => request.destroy(new Error('timeout')));
        request.on('error', (error: NodeJS.ErrnoException) => {
          figures.requests += 1;
          fail(`${error.code ?? error.message} ${path}`);
          resolve();
        });
      });
    }
    agent.destroy();
  };
  const done = Promise.all(Array.from({ length: connections }, (_, index) => client(index)));
  return {
    figures,
    async stop(): Promise<LoadFigures> {
      running = false;
      await done;
      return figures;
    },
  };
}
