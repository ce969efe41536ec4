/**
 * Solvency and the coin nodes as metrics (decision 022): the wallet's spendable balance, the
 * margin over what the pool owes (negative: a shortfall), whether the node answers, and the
 * API's RPC calls to it. Names shared with the stratum server's (`openpool_node_*`).
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { RpcOutcome, SolvencyCheck } from '../solvency/solvency.ts';

export function registerSolvencyGauges(
  registry: Registry,
  check: () => SolvencyCheck | undefined,
): (outcome: RpcOutcome) => void {
  const registers = [registry];
  const report = async () =>
    (await check()
      ?.report()
      .catch(() => undefined)) ?? [];
  new Gauge({
    name: 'openpool_wallet_spendable_coins',
    help: 'What the coin node’s wallet can spend now (getbalances mine.trusted).',
    labelNames: ['coin'],
    registers,
    async collect() {
      this.reset();
      for (const entry of await report()) if (entry.spendable !== null) this.set({ coin: entry.coin }, Number(entry.spendable));
    },
  });
  new Gauge({
    name: 'openpool_solvency_margin_coins',
    help: 'Spendable minus owed (mature balances plus unpaid payouts), per coin with a node: below 0 is a shortfall.',
    labelNames: ['coin'],
    registers,
    async collect() {
      this.reset();
      for (const entry of await report()) if (entry.margin !== null) this.set({ coin: entry.coin }, Number(entry.margin));
    },
  });
  new Gauge({
    name: 'openpool_node_up',
    help: '1 when the coin node answered the last call, 0 when it did not.',
    labelNames: ['coin'],
    registers,
    async collect() {
      this.reset();
      for (const entry of await report()) this.set({ coin: entry.coin }, entry.node === 'ok' ? 1 : 0);
    },
  });
  const duration = new Histogram({
    name: 'openpool_node_rpc_duration_seconds',
    help: 'JSON-RPC calls to the coin node, by method.',
    labelNames: ['coin', 'method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
    registers,
  });
  const errors = new Counter({
    name: 'openpool_node_rpc_errors_total',
    help: 'JSON-RPC calls to the coin node that failed: `unreachable` (no answer) or `rpc` (an error answer).',
    labelNames: ['coin', 'method', 'kind'],
    registers,
  });
  return ({ coin, method, seconds, error }) => {
    duration.observe({ coin, method }, seconds);
    if (error) errors.inc({ coin, method, kind: error });
  };
}
