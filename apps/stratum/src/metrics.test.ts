import { afterEach, describe, expect, it } from 'vitest';
import { createStratumMetrics } from './metrics.ts';
import { serveMetrics } from '@openpool/metrics-port';
import { RpcError, type Rpc } from './rpc.ts';

const servers: { close(): void }[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function scrape(metrics: ReturnType<typeof createStratumMetrics>): Promise<string> {
  const { port, server } = await serveMetrics(metrics.registry, '127.0.0.1', 0);
  servers.push(server);
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

describe('stratum metrics', () => {
  it('counts shares, blocks, jobs and difficulty changes in the exposition format', async () => {
    const metrics = createStratumMetrics('ltc');
    metrics.watch({ connections: () => 3, outboxPending: () => 7 });
    metrics.onShare('valid');
    metrics.onShare('valid');
    metrics.onShare('stale');
    metrics.onBlock('accepted');
    metrics.onDifficulty(16, 16);
    metrics.onDifficulty(64, 16);
    metrics.onJob(true, 1_700_000_000_000);
    const text = await scrape(metrics);
    expect(text).toContain('openpool_stratum_connections{coin="ltc"} 3');
    expect(text).toContain('openpool_stratum_shares_total{coin="ltc",result="valid"} 2');
    expect(text).toContain('openpool_stratum_shares_total{coin="ltc",result="stale"} 1');
    expect(text).toContain('openpool_stratum_blocks_total{coin="ltc",result="accepted"} 1');
    expect(text).toContain('openpool_stratum_vardiff_retargets_total{coin="ltc",direction="up"} 1');
    expect(text).toContain('openpool_stratum_difficulty_count{coin="ltc"} 2');
    expect(text).toContain('openpool_stratum_jobs_total{coin="ltc",reason="block"} 1');
    expect(text).toContain('openpool_stratum_last_job_timestamp_seconds{coin="ltc"} 1700000000');
    expect(text).toContain('openpool_stratum_outbox_pending_events{coin="ltc"} 7');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('tells a node that does not answer from one that answers with an error', async () => {
    const metrics = createStratumMetrics('ltc');
    let mode: 'ok' | 'rpc' | 'down' = 'ok';
    const raw: Rpc = async <T>() => {
      if (mode === 'rpc') throw new RpcError(-28, 'Loading block index');
      if (mode === 'down') throw new TypeError('fetch failed');
      return 1 as T;
    };
    const rpc = metrics.meterRpc(raw);
    await rpc('getmininginfo');
    expect(await scrape(metrics)).toContain('openpool_node_up{coin="ltc"} 1');
    mode = 'rpc';
    await expect(rpc('getmininginfo')).rejects.toThrow();
    let text = await scrape(metrics);
    expect(text).toContain('openpool_node_up{coin="ltc"} 1');
    expect(text).toContain('openpool_node_rpc_errors_total{coin="ltc",method="getmininginfo",kind="rpc"} 1');
    mode = 'down';
    await expect(rpc('getblocktemplate', [{ longpollid: 'x' }])).rejects.toThrow();
    text = await scrape(metrics);
    expect(text).toContain('openpool_node_up{coin="ltc"} 0');
    expect(text).toContain('openpool_node_rpc_errors_total{coin="ltc",method="getblocktemplate_longpoll",kind="unreachable"} 1');
    expect(text).toContain('openpool_node_rpc_duration_seconds_count{coin="ltc",method="getmininginfo"} 1');
  });

  it('answers 404 off /metrics', async () => {
    const { port, server } = await serveMetrics(createStratumMetrics('ltc').registry, '127.0.0.1', 0);
    servers.push(server);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });
});
