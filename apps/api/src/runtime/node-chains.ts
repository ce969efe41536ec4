/**
 * The chain each coin's node is on (decision 018): a regtest node's samples (difficulty at the
 * proof-of-work limit, heights from 0) would be refused by the real chain's bounds. A node
 * that does not answer in 30 s is taken for a main-chain node, and said so.
 */
import type { ChainKind } from '@openpool/domain/chain-params';
import { moneroChainKind } from '../engine/payouts/monero-sender.ts';
import { nodeChainKind } from '../engine/payouts/wallet-sender.ts';

export async function nodeChains(
  nodes: readonly { coin: string; rpcUrl: string }[],
  log: (line: string) => void,
): Promise<Map<string, ChainKind>> {
  const chains = new Map<string, ChainKind>();
  for (const node of nodes) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        chains.set(node.coin, await nodeChainKind(node.rpcUrl));
        break;
      } catch (error) {
        if (attempt >= 30) {
          log(
            `${node.coin}: the node did not say which chain it is on (${(error as Error).message}); holding its samples to the main chain's bounds`,
          );
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }
  return chains;
}

/** The same for Monero nodes: monerod's `get_info` (regtest is its "fakechain"), asked for 30 s at most. */
export async function moneroChains(
  nodes: readonly { coin: string; daemonUrl: string }[],
  log: (line: string) => void,
): Promise<Map<string, ChainKind>> {
  const chains = new Map<string, ChainKind>();
  for (const node of nodes) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        chains.set(node.coin, await moneroChainKind(node.daemonUrl));
        break;
      } catch (error) {
        if (attempt >= 30) {
          log(
            `${node.coin}: monerod did not say which chain it is on (${(error as Error).message}); holding its samples to the main chain's bounds`,
          );
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }
  return chains;
}
