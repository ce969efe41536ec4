/**
 * The web server's metrics port (@openpool/metrics-port, decision 022). One process serves its
 * own registry; with WEB_WORKERS > 1 the supervisor asks every worker over the
 * cluster's IPC and serves the sum (prom-client's AggregatorRegistry).
 */
import { serveMetrics } from '@openpool/metrics-port';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** In a worker: answer the supervisor's requests with this registry. */
export function shareWithSupervisor(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what installs the worker's answering listener (prom-client's cluster.js).
  void new AggregatorRegistry();
}

/** This process's registry, or with 'cluster' the sum of every worker's (in the supervisor). */
export async function serveWebMetrics(
  source: Registry | 'cluster',
  host: string,
  port: number,
): Promise<{ port: number; close(): void }> {
  const aggregator = source === 'cluster' ? new AggregatorRegistry() : undefined;
  const served = aggregator
    ? { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() }
    : (source as Registry);
  const { port: bound, server } = await serveMetrics(served, host, port);
  return { port: bound, close: () => server.close() };
}
