/**
 * The metrics port every process serves (decision 022): its own listener for Prometheus'
 * scrape, apart from the public one, on METRICS_HOST (loopback by default), so the operator
 * keeps it private. Only `GET /metrics`; everything else is a 404 that says where they are.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A prom-client registry, or anything that writes the exposition format (a cluster's sum). */
export interface MetricsSource {
  metrics(): Promise<string>;
  readonly contentType: string;
}

export async function serveMetrics(source: MetricsSource, host: string, port: number): Promise<{ port: number; server: Server }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Metrics are at /metrics.\n');
      return;
    }
    source.metrics().then(
      (text) => res.writeHead(200, { 'content-type': source.contentType }).end(text),
      (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  // A scrape port never keeps a stopping process alive; the app's own listener does.
  server.unref();
  return { port: (server.address() as AddressInfo).port, server };
}
