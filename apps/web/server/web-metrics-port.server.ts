/**
 * The web server's metrics port (issue 30): its own listener, loopback by default
 * (METRICS_HOST), apart from the public site, so the operator keeps it private. One process
 * serves its own registry; with WEB_WORKERS > 1 the supervisor asks every worker over the
 * cluster's IPC and serves the sum (prom-client's AggregatorRegistry).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** In a worker: answer the supervisor's requests with this registry. */
export function shareWithSupervisor(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what installs the worker's answering listener (prom-client's cluster.js).
  void new AggregatorRegistry();
}

export async function serveWebMetrics(
  source: Registry | 'cluster',
  host: string,
  port: number,
): Promise<{ port: number; close(): void }> {
  const aggregator = source === 'cluster' ? new AggregatorRegistry() : undefined;
  const metrics = () => (aggregator ? aggregator.clusterMetrics() : (source as Registry).metrics());
  const contentType = aggregator ? aggregator.contentType : (source as Registry).contentType;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Metrics are at /metrics.\n');
      return;
    }
    metrics().then(
      (text) => res.writeHead(200, { 'content-type': contentType }).end(text),
      (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  return { port: (server.address() as AddressInfo).port, close: () => server.close() };
}
