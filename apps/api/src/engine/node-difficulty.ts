/**
 * The difficulty of each coin whose node the pool runs, asked every minute (`getmininginfo`,
 * the figure the stratum server's samples carry): the breaker's reference for that coin
 * (decision 029). A stratum server's samples do not reach it, so a holder of the ingest token
 * cannot move it. A node that has not answered for ten minutes is no reference: the breaker
 * falls back to the week of samples and the log says why.
 */
import { createRpc } from '@openpool/node-rpc';
import type { NodeDifficulty } from './reference.ts';

const FRESH_MS = 10 * 60_000;

export interface NodeDifficultyPoller {
  difficulty: NodeDifficulty;
  /** Asks every node once; a node that fails keeps its last answer until it is stale. */
  refresh(): Promise<void>;
}

export function createNodeDifficulty(
  nodes: readonly { coin: string; rpcUrl: string }[],
  options: { fetch?: typeof globalThis.fetch; now?: () => number; log?: (line: string) => void } = {},
): NodeDifficultyPoller {
  const now = options.now ?? Date.now;
  const known = new Map<string, { difficulty: number; at: number }>();
  const failing = new Set<string>();
  const rpcs = nodes.map((node) => ({
    coin: node.coin,
    rpc: createRpc(node.rpcUrl, { fetch: options.fetch, timeoutMs: 10_000 }),
  }));
  return {
    difficulty(coin) {
      const entry = known.get(coin);
      return entry && now() - entry.at <= FRESH_MS ? entry.difficulty : undefined;
    },
    async refresh() {
      await Promise.all(
        rpcs.map(async ({ coin, rpc }) => {
          try {
            const info = await rpc<{ difficulty?: unknown }>('getmininginfo');
            const difficulty = Number(info.difficulty);
            if (!Number.isFinite(difficulty) || difficulty <= 0) throw new Error(`difficulty ${String(info.difficulty)}`);
            known.set(coin, { difficulty, at: now() });
            if (failing.delete(coin)) options.log?.(`engine: ${coin}: the node's difficulty is the breaker's reference again`);
          } catch (error) {
            // Logged once per outage, not every minute.
            if (!failing.has(coin))
              options.log?.(
                `engine: ${coin}: the node's difficulty is unknown (${(error as Error).message}); the breaker uses the week of samples once the last answer is 10 minutes old`,
              );
            failing.add(coin);
          }
        }),
      );
    },
  };
}
