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

export function createChainWatcher(options: {
  rpc: Rpc;
  outbox: Outbox;
  dir: string;
  coin: 'ltc';
  /** Confirmations after which a block is no longer watched (coinbase maturity and then some). */
  finalConfirmations: number;
  now: () => number;
}): ChainWatcher {
  const { rpc, outbox, coin, now } = options;
  const path = join(options.dir, 'blocks.json');
  let blocks: WatchedBlock[] = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as WatchedBlock[]) : [];
  const save = () => {
    writeFileSync(path + '.tmp', JSON.stringify(blocks));
    renameSync(path + '.tmp', path);
  };

  let checking: Promise<void> | undefined;
  async function checkOnce(): Promise<void> {
    let changed = false;
    for (const block of blocks) {
      const header = await rpc<{ confirmations: number }>('getblockheader', [block.hash]);
      const orphaned = header.confirmations < 0;
      const confirmations = Math.max(0, header.confirmations);
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
      const info = await rpc<{ blocks: number; difficulty: number; networkhashps: number }>('getmininginfo');
      outbox.push({
        type: 'network',
        coin,
        difficulty: info.difficulty,
        hashrate: Math.max(0, info.networkhashps),
        height: info.blocks,
        reward: subsidy.toString(),
        at: now(),
      });
    },
    watching: () => blocks.length,
  };
}
