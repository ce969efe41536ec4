/**
 * The stratum server's Prometheus metrics (decision 022): connections, shares by result, blocks
 * found, vardiff, job refreshes, the node's RPC latency and errors, and the outbox to the API.
 * Only created when STRATUM_METRICS_PORT is set; without it nothing is counted at all.
 * Names are shared with the API where they mean the same (`openpool_node_*`), so one alert
 * covers both; the scrape's `job` label tells them apart.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Rpc } from './rpc.ts';
import { RpcError } from './rpc.ts';

export interface StratumMetrics {
  registry: Registry;
  onConnection(): void;
  onShare(status: 'valid' | 'stale' | 'invalid'): void;
  onBlock(result: 'accepted' | 'refused'): void;
  /** A connection's difficulty changed (vardiff, a suggestion, the network's ceiling). */
  onDifficulty(next: number, previous: number): void;
  /** A new job went out: `clean` when it is of a new chain tip. */
  onJob(clean: boolean, at: number): void;
  onOutboxPost(result: 'ok' | 'refused' | 'failed', seconds: number): void;
  /** The RPC client, timed and counted per method. */
  meterRpc(rpc: Rpc): Rpc;
  /** Read at scrape time. */
  watch(sources: { connections(): number; outboxPending(): number }): void;
}

export function createStratumMetrics(coin: string): StratumMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let sources: { connections(): number; outboxPending(): number } | undefined;

  new Gauge({
    name: 'openpool_stratum_connections',
    help: 'Open miner connections.',
    labelNames: ['coin'],
    registers,
    collect() {
      if (sources) this.set({ coin }, sources.connections());
    },
  });
  const connections = new Counter({
    name: 'openpool_stratum_connections_total',
    help: 'Miner connections accepted.',
    labelNames: ['coin'],
    registers,
  });
  const shares = new Counter({
    name: 'openpool_stratum_shares_total',
    help: 'Shares submitted, by result.',
    labelNames: ['coin', 'result'],
    registers,
  });
  const blocks = new Counter({
    name: 'openpool_stratum_blocks_total',
    help: 'Block candidates submitted to the node, by its answer.',
    labelNames: ['coin', 'result'],
    registers,
  });
  const retargets = new Counter({
    name: 'openpool_stratum_vardiff_retargets_total',
    help: 'Difficulty changes sent to miners, by direction.',
    labelNames: ['coin', 'direction'],
    registers,
  });
  const difficulty = new Histogram({
    name: 'openpool_stratum_difficulty',
    help: 'Share difficulty set on a connection (stratum difficulty, scrypt).',
    labelNames: ['coin'],
    buckets: [2 ** -12, 2 ** -8, 2 ** -4, 1, 16, 256, 4096, 65536, 2 ** 20, 2 ** 24, 2 ** 32],
    registers,
  });
  const jobs = new Counter({
    name: 'openpool_stratum_jobs_total',
    help: 'Jobs sent to miners: `block` for a new chain tip, `refresh` for new transactions.',
    labelNames: ['coin', 'reason'],
    registers,
  });
  const lastJob = new Gauge({
    name: 'openpool_stratum_last_job_timestamp_seconds',
    help: 'When the last job was made from the node (fresh work for miners).',
    labelNames: ['coin'],
    registers,
  });
  const rpcDuration = new Histogram({
    name: 'openpool_node_rpc_duration_seconds',
    help: 'JSON-RPC calls to the coin node, by method (long polls apart).',
    labelNames: ['coin', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
    registers,
  });
  const rpcErrors = new Counter({
    name: 'openpool_node_rpc_errors_total',
    help: 'JSON-RPC calls to the coin node that failed: `unreachable` (no answer) or `rpc` (an error answer).',
    labelNames: ['coin', 'method', 'kind'],
    registers,
  });
  const nodeUp = new Gauge({
    name: 'openpool_node_up',
    help: '1 when the last call reached the coin node, 0 when it did not answer.',
    labelNames: ['coin'],
    registers,
  });
  new Gauge({
    name: 'openpool_stratum_outbox_pending_events',
    help: 'Events kept on disk, not yet acknowledged by the API.',
    labelNames: ['coin'],
    registers,
    collect() {
      if (sources) this.set({ coin }, sources.outboxPending());
    },
  });
  const posts = new Histogram({
    name: 'openpool_stratum_outbox_post_duration_seconds',
    help: 'Batches posted to the API ingest endpoint, by result.',
    labelNames: ['coin', 'result'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });

  return {
    registry,
    onConnection: () => connections.inc({ coin }),
    onShare: (status) => shares.inc({ coin, result: status }),
    onBlock: (result) => blocks.inc({ coin, result }),
    onDifficulty(next, previous) {
      difficulty.observe({ coin }, next);
      if (next !== previous) retargets.inc({ coin, direction: next > previous ? 'up' : 'down' });
    },
    onJob(clean, at) {
      jobs.inc({ coin, reason: clean ? 'block' : 'refresh' });
      lastJob.set({ coin }, at / 1000);
    },
    onOutboxPost: (result, seconds) => posts.observe({ coin, result }, seconds),
    meterRpc(rpc) {
      return async <T>(method: string, params: unknown[] = [], options: { signal?: AbortSignal } = {}) => {
        // A long poll waits for the next block by design: its time says nothing about the node.
        const name = method === 'getblocktemplate' && hasLongpollId(params) ? 'getblocktemplate_longpoll' : method;
        const stop = rpcDuration.startTimer({ coin, method: name });
        try {
          const result = await rpc<T>(method, params, options);
          stop();
          nodeUp.set({ coin }, 1);
          return result;
        } catch (error) {
          if (options.signal?.aborted) throw error;
          // An error answer (warming up, bad credentials) still came from the node.
          const answered = error instanceof RpcError;
          rpcErrors.inc({ coin, method: name, kind: answered ? 'rpc' : 'unreachable' });
          nodeUp.set({ coin }, answered ? 1 : 0);
          throw error;
        }
      };
    },
    watch(next) {
      sources = next;
    },
  };
}

function hasLongpollId(params: unknown[]): boolean {
  const first = params[0];
  return typeof first === 'object' && first !== null && typeof (first as { longpollid?: unknown }).longpollid === 'string';
}
