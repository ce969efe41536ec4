/**
 * A load balancer for the rolling-restart test (decision 022), doing what an operator's does and no
 * more: round robin over the backends whose `/ready` answers 200 (checked every 250 ms, out
 * after three failures in a row), kept-alive connections to them, and no retry of any
 * request: a request that fails is a failure the client sees (502).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  url: string;
  /** Backends in rotation now. */
  healthy(): string[];
  failures(): number;
  /** When the backends in rotation changed (ms since start, then who). */
  timeline(): string[];
  /** Why requests failed, by reason. */
  reasons(): Record<string, number>;
  close(): Promise<void>;
}

export async function startBalancer(port: number, backends: readonly string[]): Promise<Balancer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let healthy: string[] = [];
  let turn = 0;
  let failures = 0;
  const reasons: Record<string, number> = {};
  const timeline: string[] = [];
  const started = Date.now();
  // As HAProxy's `inter 250ms fall 3 rise 1`: out after three failed checks in a row (a
  // draining replica's 503 is one), back after one good one; a check waits up to 2 s.
  const failed = new Map(backends.map((backend) => [backend, 0]));
  const checking = new Set<string>();
  const checkOne = async (backend: string) => {
    if (checking.has(backend)) return;
    checking.add(backend);
    const ok = await fetch(`${backend}/ready`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    checking.delete(backend);
    failed.set(backend, ok ? 0 : (failed.get(backend) ?? 0) + 1);
  };
  const check = async () => {
    await Promise.all(backends.map(checkOne));
    const next = backends.filter((backend) => (failed.get(backend) ?? 0) < 3);
    if (next.join() !== healthy.join())
      timeline.push(`${Date.now() - started} ms: ${next.map((url) => url.slice(-5)).join(' ') || 'none'}`);
    healthy = next;
  };
  await check();
  const timer = setInterval(() => void check(), 250);

  const server = http.createServer((req, res) => {
    const backend = healthy[turn++ % Math.max(1, healthy.length)];
    const fail = (reason: string) => {
      failures += 1;
      reasons[reason] = (reasons[reason] ?? 0) + 1;
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`balancer: ${reason}\n`);
    };
    if (!backend) return fail('no healthy backend');
    const target = new URL(req.url ?? '/', backend);
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => fail(`${backend}: ${error.code ?? error.message}`));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    healthy: () => [...healthy],
    failures: () => failures,
    reasons: () => ({ ...reasons }),
    timeline: () => [...timeline],
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
