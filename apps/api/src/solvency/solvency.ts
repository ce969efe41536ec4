/**
 * Solvency at a glance (decision 022): for each coin with a node, the wallet's spendable balance
 * against what the pool owes its miners (mature balances plus unpaid payouts), so the
 * operator sees a shortfall before a payout fails. Read on `/health` and by the metrics; one
 * check serves both for `maxAgeMs` (the wallet is asked at most that often).
 */
import type pg from 'pg';
import { createRpc, RpcError } from '@openpool/node-rpc';
import { createMoneroRpc, MoneroRpcError } from '@openpool/node-rpc/monero';
import { fromUnits, toUnits, type PoolConfig } from '@openpool/domain/pool-config';

export interface SolvencyEntry {
  coin: string;
  /** What the node's wallet can spend now (`getbalances` mine.trusted); null when it did not answer. */
  spendable: string | null;
  mature: string;
  unpaid: string;
  /** mature + unpaid. */
  owed: string;
  /** spendable - owed: negative is a shortfall; null when the wallet did not answer. */
  margin: string | null;
  node: 'ok' | 'unreachable';
  /** Unix seconds. */
  checked_at: number;
  error?: string;
}

export interface SolvencyCheck {
  report(): Promise<SolvencyEntry[]>;
}

export interface RpcOutcome {
  coin: string;
  method: string;
  seconds: number;
  /** Absent on success; `rpc` when the node answered with an error, `unreachable` when it did not answer. */
  error?: 'rpc' | 'unreachable';
}

export interface SolvencyOptions {
  db: Pick<pg.Pool, 'query'>;
  config: PoolConfig;
  /** `monero`: monero-wallet-rpc at rpcUrl, whose unlocked balance is what can be sent (decision 031). */
  nodes: readonly { coin: string; rpcUrl: string; family?: 'monero' }[];
  maxAgeMs?: number;
  now?: () => number;
  fetch?: typeof globalThis.fetch;
  onRpc?: (outcome: RpcOutcome) => void;
}

/** The node answered, but not with a wallet balance (an error, or no `mine.trusted`). */
class NodeAnsweredError extends Error {}

export function createSolvencyCheck(options: SolvencyOptions): SolvencyCheck {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? 10_000;
  const wallets = options.nodes.map((node) => ({
    coin: node.coin,
    rpc: createRpc(node.rpcUrl, { fetch: options.fetch, timeoutMs: 5000 }),
    monero: node.family === 'monero' ? createMoneroRpc(node.rpcUrl, { fetch: options.fetch, timeoutMs: 5000 }) : undefined,
  }));
  let last: { at: number; report: Promise<SolvencyEntry[]> } | undefined;

  async function spendable({ coin, rpc, monero }: (typeof wallets)[number], decimals: number): Promise<bigint> {
    const started = performance.now();
    const outcome = (error?: RpcOutcome['error']) =>
      options.onRpc?.({
        coin,
        method: monero ? 'get_balance' : 'getbalances',
        seconds: (performance.now() - started) / 1000,
        error,
      });
    if (monero) {
      let unlocked: unknown;
      try {
        ({ unlocked_balance: unlocked } = await monero<{ unlocked_balance?: unknown }>('get_balance', { account_index: 0 }));
      } catch (error) {
        outcome(error instanceof MoneroRpcError ? 'rpc' : 'unreachable');
        throw error instanceof MoneroRpcError ? new NodeAnsweredError(error.message) : error;
      }
      if (typeof unlocked !== 'number' || !Number.isFinite(unlocked) || unlocked < 0) {
        outcome('rpc');
        throw new NodeAnsweredError('get_balance: no unlocked_balance in the answer');
      }
      outcome();
      // Atomic units already (past 2^53, about 9,007 XMR, JSON rounds them by a few units: fine
      // for a margin); coinbase outputs still locked for 60 blocks are not in it.
      return BigInt(Math.trunc(unlocked));
    }
    let balances: { mine?: { trusted?: number } } | undefined;
    try {
      balances = await rpc<{ mine?: { trusted?: number } }>('getbalances');
    } catch (error) {
      // An RpcError is the node's own answer (an error, or not JSON); anything else never reached it.
      outcome(error instanceof RpcError ? 'rpc' : 'unreachable');
      throw error instanceof RpcError ? new NodeAnsweredError(error.message) : error;
    }
    const trusted = balances?.mine?.trusted;
    if (typeof trusted !== 'number') {
      outcome('rpc');
      throw new NodeAnsweredError('getbalances: no mine.trusted in the answer');
    }
    outcome();
    // The wallet's amounts have at most the coin's decimals: toFixed gives them back exactly.
    return toUnits(trusted.toFixed(decimals), decimals);
  }

  async function check(): Promise<SolvencyEntry[]> {
    const entries: SolvencyEntry[] = [];
    for (const node of wallets) {
      const decimals = options.config.coins.get(node.coin as never)?.unitDecimals ?? 8;
      const owedRows = await options.db.query<{ mature: string; unpaid: string }>(
        `select (select coalesce(sum(mature), 0) from balances where coin = $1)::text as mature,
                (select coalesce(sum(amount), 0) from payouts where coin = $1 and status = 'unpaid')::text as unpaid`,
        [node.coin],
      );
      const mature = BigInt(owedRows.rows[0]?.mature ?? '0');
      const unpaid = BigInt(owedRows.rows[0]?.unpaid ?? '0');
      const owed = mature + unpaid;
      const coins = (units: bigint) => fromUnits(units, decimals);
      const base = {
        coin: node.coin,
        mature: coins(mature),
        unpaid: coins(unpaid),
        owed: coins(owed),
        checked_at: Math.floor(now() / 1000),
      };
      try {
        const wallet = await spendable(node, decimals);
        entries.push({ ...base, spendable: coins(wallet), margin: coins(wallet - owed), node: 'ok' });
      } catch (error) {
        // An error answer still came from the node: it is there, the wallet call is what failed.
        const answered = error instanceof NodeAnsweredError;
        entries.push({
          ...base,
          spendable: null,
          margin: null,
          node: answered ? 'ok' : 'unreachable',
          error: (error as Error).message,
        });
      }
    }
    return entries;
  }

  return {
    report() {
      if (options.nodes.length === 0) return Promise.resolve([]);
      if (!last || now() - last.at >= maxAgeMs) {
        const report = check();
        last = { at: now(), report };
        // A failed read (the database) is not kept: the next call tries again.
        report.catch(() => {
          if (last?.report === report) last = undefined;
        });
      }
      return last.report;
    },
  };
}

/** Why solvency makes the pool degraded, or undefined. */
export function solvencyProblem(entries: readonly SolvencyEntry[]): string | undefined {
  const problems = entries.flatMap((entry) => {
    if (entry.margin !== null && entry.margin.startsWith('-'))
      return [`${entry.coin}: the wallet holds ${entry.spendable}, the pool owes ${entry.owed}`];
    if (entry.spendable === null)
      return [`${entry.coin}: ${entry.node === 'unreachable' ? 'the node does not answer' : entry.error}`];
    return [];
  });
  return problems.length > 0 ? problems.join('; ') : undefined;
}
