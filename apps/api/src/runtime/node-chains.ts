/**
 * The chain each coin's node is on (decision 018): a regtest node's samples (difficulty at the
 * proof-of-work limit, heights from 0) would be refused by the real chain's bounds. A node
 * that does not answer in 30 s is taken for a main-chain node, and said so.
 */
import type { ChainKind } from '@openpool/domain/chain-params';
import { moneroChainKind } from '../engine/payouts/monero-sender.ts';
import { nodeChainKind } from '../engine/payouts/wallet-sender.ts';

const ATTEMPTS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks each node its chain, once a second for 30 s at most; a node that never says is left
 * out (the main chain's bounds hold for it) with a line naming `what` did not answer.
 */
export async function askChains<Node extends { coin: string }>(
  nodes: readonly Node[],
  ask: (node: Node) => Promise<ChainKind>,
  what: string,
  log: (line: string) => void,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<Map<string, ChainKind>> {
  const chains = new Map<string, ChainKind>();
  for (const node of nodes) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        chains.set(node.coin, await ask(node));
        break;
      } catch (error) {
        if (attempt >= ATTEMPTS) {
          log(
            `${node.coin}: ${what} did not say which chain it is on (${(error as Error).message}); holding its samples to the main chain's bounds`,
          );
          break;
        }
        await wait(1000);
      }
    }
  }
  return chains;
}

/** Bitcoin-family nodes: `getblockchaininfo`'s chain. */
export function nodeChains(nodes: readonly { coin: string; rpcUrl: string }[], log: (line: string) => void) {
  return askChains(nodes, (node) => nodeChainKind(node.rpcUrl), 'the node', log);
}

/** Monero nodes: monerod's `get_info` (regtest is its "fakechain"). */
export function moneroChains(nodes: readonly { coin: string; daemonUrl: string }[], log: (line: string) => void) {
  return askChains(nodes, (node) => moneroChainKind(node.daemonUrl), 'monerod', log);
}
