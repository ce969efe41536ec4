/**
 * What only the chain knows, reported through the same outbox as shares: the confirmations
 * of the pool's blocks and whether they are still in the main chain (a block the node reports
 * at -1 confirmations was reorganised away: an orphan), and network samples (difficulty,
 * hash rate, height, subsidy). Found blocks are kept in a small file so a restart keeps
 * watching them.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Outbox } from './outbox.ts';
import type { Rpc } from './rpc.ts';

interface WatchedBlock {
  hash: string;
  height: number;
  confirmations: number;
  orphaned: boolean;
}

export interface ChainWatcher {
  add(hash: string, height: number): void;
  check(): Promise<void>;
  sampleNetwork(subsidy: bigint): Promise<void>;
  watching(): number;
}

/** Where a watched block stands: its confirmations, or off the main chain. */
export type BlockLookup = (hash: string, height: number) => Promise<{ confirmations: number; orphaned: boolean }>;
export type NetworkLookup = () => Promise<{ difficulty: number; hashrate: number; height: number }>;

export function createChainWatcher(options: {
  /** bitcoind's RPC, for the default lookups; a chain with its own `lookup` and `network` needs none. */
  rpc?: Rpc;
  outbox: Outbox;
  dir: string;
  coin: 'ltc' | 'xmr';
  /** How a block is looked up (default: bitcoind's `getblockheader`, -1 confirmations when orphaned). */
  lookup?: BlockLookup;
  /** The network's figures (default: bitcoind's `getmininginfo`). */
  network?: NetworkLookup;
  /** Confirmations after which a block is no longer watched (coinbase maturity and then some). */
  finalConfirmations: number;
  now: () => number;
}): ChainWatcher {
  const { outbox, coin, now } = options;
  const rpc: Rpc = options.rpc ?? ((() => Promise.reject(new Error(`no RPC for ${coin}'s default chain lookups`))) as Rpc);
  const path = join(options.dir, 'blocks.json');
  let blocks: WatchedBlock[] = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as WatchedBlock[]) : [];
  const save = () => {
    writeFileSync(path + '.tmp', JSON.stringify(blocks));
    renameSync(path + '.tmp', path);
  };

  const lookup: BlockLookup =
    options.lookup ??
    (async (hash) => {
      const header = await rpc<{ confirmations: number }>('getblockheader', [hash]);
      return { confirmations: Math.max(0, header.confirmations), orphaned: header.confirmations < 0 };
    });
  const network: NetworkLookup =
    options.network ??
    (async () => {
      const info = await rpc<{ blocks: number; difficulty: number; networkhashps: number }>('getmininginfo');
      return { difficulty: info.difficulty, hashrate: info.networkhashps, height: info.blocks };
    });

  let checking: Promise<void> | undefined;
  async function checkOnce(): Promise<void> {
    let changed = false;
    for (const block of blocks) {
      const { confirmations, orphaned } = await lookup(block.hash, block.height);
      if (orphaned === block.orphaned && confirmations === block.confirmations) continue;
      block.orphaned = orphaned;
      block.confirmations = confirmations;
      changed = true;
      outbox.push({ type: 'block_status', coin, hash: block.hash, confirmations, orphaned, at: now() });
    }
    const kept = blocks.filter((block) => !block.orphaned && block.confirmations < options.finalConfirmations);
    if (changed || kept.length !== blocks.length) {
      blocks = kept;
      save();
    }
  }

  return {
    add(hash, height) {
      blocks.push({ hash, height, confirmations: 0, orphaned: false });
      save();
    },
    check() {
      checking ??= checkOnce().finally(() => (checking = undefined));
      return checking;
    },
    async sampleNetwork(subsidy) {
      const info = await network();
      outbox.push({
        type: 'network',
        coin,
        difficulty: info.difficulty,
        hashrate: Math.max(0, info.hashrate),
        height: info.height,
        reward: subsidy.toString(),
        at: now(),
      });
    },
    watching: () => blocks.length,
  };
}
