import { afterEach, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { serveMetrics } from './metrics-port.ts';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe('serveMetrics', () => {
  it('answers GET /metrics with the source, and says where they are to anything else', async () => {
    let fail = false;
    const source = {
      contentType: 'text/plain; version=0.0.4; charset=utf-8',
      metrics: async () => {
        if (fail) throw new Error('collect failed');
        return 'openpool_up 1\n';
      },
    };
    const { port, server } = await serveMetrics(source, '127.0.0.1', 0);
    servers.push(server);
    const at = (path: string, method = 'GET') => fetch(`http://127.0.0.1:${port}${path}`, { method });
    const ok = await at('/metrics?x=1');
    expect([ok.status, ok.headers.get('content-type'), await ok.text()]).toEqual([200, source.contentType, 'openpool_up 1\n']);
    expect((await at('/')).status).toBe(404);
    expect((await at('/metrics', 'POST')).status).toBe(404);
    fail = true;
    const failed = await at('/metrics');
    expect([failed.status, await failed.text()]).toEqual([500, 'collect failed\n']);
  });
});
