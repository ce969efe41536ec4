/**
 * Blocks the pool finds, and their confirmations. Each reward stream (the PPS pool, the PROP
 * pool, every SOLO miner on its own, and the merge-mined children found by the parent pool's
 * work) is a Poisson process whose rate is that stream's hashrate over the network's,
 * per block time. A step's blocks depend only on (seed, coin, step), so a block found days
 * ago can be recomputed to emit its status when its confirmations cross a threshold.
 */
import type { CoinTicker } from '@openpool/domain/coins';
import type { MinedTicker } from '@openpool/domain/events';
import type { RewardScheme } from '@openpool/domain/address';
import { blockIndexAt, blockIndexStart, type Chain } from './chains.ts';
import type { NetworkModel } from './network.ts';
import { FINE_WINDOW_MS, STEP_MS, type OnlineWorker, type Population } from './population.ts';
import type { PendingEvent } from './pending-event.ts';
import { hash, keyOf, poisson, uniform } from './random.ts';

export interface FoundBlock {
  coin: MinedTicker;
  blockIndex: number;
  hash: string;
  at: number;
  /** The block event after its `seq`, pre-serialised. */
  body: string;
  /** The confirmation count at which the block turns out orphaned; 0 if it never does. */
  orphanAt: number;
  key: number;
}

export interface BlockFinderOptions {
  seed: number;
  coin: CoinTicker;
  population: Population;
  own: NetworkModel;
  /** Merge-mined children found by this pool's (non-solo) work. */
  children: readonly NetworkModel[];
  requiredConfirmations: (coin: MinedTicker) => number;
}

export interface BlockFinder {
  /** Blocks found in the step, in time order (cached: status events look back at them). */
  blocksOf(step: number): FoundBlock[];
  /** Status events whose time falls in the step, in time order. */
  statusesOf(step: number): PendingEvent[];
}

const ORPHAN_RATE = 0.02;
const FEE_SHARE_MAX = 0.05;
const MAX_STATUS_DELAY_MS = 5_000;
const CACHE_STEPS = 8_000;
export const BLOCK_HEAD = '{"type":"block","seq":';
const STATUS_HEAD = '{"type":"block_status","seq":';

interface Stream {
  id: number;
  network: NetworkModel;
  scheme: RewardScheme;
  hashrate: number;
  candidates: OnlineWorker[];
  mergedFrom?: CoinTicker;
}

export function createBlockFinder(options: BlockFinderOptions): BlockFinder {
  const { coin, population, own, children } = options;
  const coinKey = hash(options.seed, keyOf(coin), keyOf('blocks'));
  const cache = new Map<number, FoundBlock[]>();
  const thresholds = new Map<MinedTicker, number[]>();
  for (const network of [own, ...children]) {
    thresholds.set(network.coin, confirmationThresholds(options.requiredConfirmations(network.coin)));
  }

  function streamsOf(step: number): Stream[] {
    const { online, hashrateByScheme } = population.at(step);
    const streams: Stream[] = [];
    for (const scheme of ['pps', 'prop'] as const) {
      if (hashrateByScheme[scheme] <= 0) continue;
      const candidates = online.filter((entry) => entry.miner.scheme === scheme);
      streams.push({ id: keyOf(scheme), network: own, scheme, hashrate: hashrateByScheme[scheme], candidates });
    }
    const soloMiners = new Map<number, OnlineWorker[]>();
    for (const entry of online) {
      if (entry.miner.scheme !== 'solo') continue;
      const workers = soloMiners.get(entry.miner.key) ?? [];
      workers.push(entry);
      soloMiners.set(entry.miner.key, workers);
    }
    for (const [minerKey, candidates] of soloMiners) {
      const hashrate = candidates.reduce((sum, entry) => sum + entry.hashrate, 0);
      streams.push({ id: minerKey, network: own, scheme: 'solo', hashrate, candidates });
    }
    const pooled = online.filter((entry) => entry.miner.scheme !== 'solo');
    const pooledHashrate = hashrateByScheme.pps + hashrateByScheme.prop;
    for (const child of children) {
      if (pooledHashrate <= 0) continue;
      streams.push({
        id: keyOf(child.coin),
        network: child,
        scheme: 'prop',
        hashrate: pooledHashrate,
        candidates: pooled,
        mergedFrom: coin,
      });
    }
    return streams;
  }

  function computeBlocks(step: number): FoundBlock[] {
    const start = step * STEP_MS;
    const mid = start + STEP_MS / 2;
    const taken = new Set<string>();
    const found: FoundBlock[] = [];
    for (const stream of streamsOf(step)) {
      const { chain } = stream.network;
      const reachable = stream.mergedFrom ? chain.mergeMinable : 1;
      const lambda = (stream.hashrate / stream.network.hashrateAt(mid)) * (STEP_MS / chain.blockTimeMs) * reachable;
      const count = poisson(lambda, uniform(coinKey, step, stream.id), uniform(coinKey, step, stream.id, 1));
      for (let i = 0; i < count; i++) {
        const key = hash(coinKey, step, stream.id, i + 2);
        let at = start + Math.floor(uniform(key, 1) * FINE_WINDOW_MS);
        let blockIndex = blockIndexAt(chain, at);
        // A block interval that began in the previous step belongs to that step: move on to the next one.
        if (blockIndexStart(chain, blockIndex) < start) {
          at = blockIndexStart(chain, blockIndex + 1) + (at - start);
          blockIndex += 1;
          if (at >= start + FINE_WINDOW_MS) continue;
        }
        const heightKey = `${stream.network.coin}:${blockIndex}`;
        if (taken.has(heightKey)) continue; // one block per height: the pool does not race itself
        taken.add(heightKey);
        found.push(makeBlock(stream, key, at, blockIndex));
      }
    }
    return found.sort((a, b) => a.at - b.at);
  }

  function blocksOf(step: number): FoundBlock[] {
    let blocks = cache.get(step);
    if (!blocks) {
      blocks = computeBlocks(step);
      cache.set(step, blocks);
      if (cache.size > CACHE_STEPS) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
    }
    return blocks;
  }

  function statusesOf(step: number): PendingEvent[] {
    const start = step * STEP_MS;
    const events: PendingEvent[] = [];
    for (const network of [own, ...children]) {
      const levels = thresholds.get(network.coin) ?? [];
      const blockMs = network.chain.blockTimeMs;
      // Ascending, so that statuses of one block at the same millisecond keep their order.
      for (const confirmations of [...new Set([...levels, 1, 2, 3])].sort((a, b) => a - b)) {
        // Blocks whose status for `confirmations` can fall in this step were found this long before it.
        const firstStep = Math.floor((start - confirmations * blockMs - MAX_STATUS_DELAY_MS) / STEP_MS);
        const lastStep = Math.min(step, Math.floor((start + STEP_MS - confirmations * blockMs + blockMs - 1) / STEP_MS));
        for (let found = firstStep; found <= lastStep; found++) {
          for (const block of blocksOf(found)) {
            if (block.coin !== network.coin) continue;
            const event = statusEvent(block, confirmations, levels, network.chain);
            if (event && event.at >= start && event.at < start + STEP_MS) events.push(event);
          }
        }
      }
    }
    return events.sort((a, b) => a.at - b.at);
  }

  function makeBlock(stream: Stream, key: number, at: number, blockIndex: number): FoundBlock {
    const network = stream.network;
    const finder = pickByHashrate(stream.candidates, uniform(key, 2) * stream.hashrate);
    const feeParts = Math.round(FEE_SHARE_MAX * uniform(key, 3) ** 2 * 1_000_000);
    const fees = (network.rewardUnitsBig * BigInt(feeParts)) / 1_000_000n;
    const blockHash = blockHashOf(key, network, at);
    const orphanAt = uniform(key, 4) < ORPHAN_RATE ? 1 + Math.floor(uniform(key, 5) * 3) : 0;
    const fields: Record<string, string | number> = {
      coin: network.coin,
      height: network.chain.anchorHeight + blockIndex,
      hash: blockHash,
      finder: finder.miner.address,
      worker: finder.worker.name,
      scheme: stream.scheme,
      reward: (network.rewardUnitsBig + fees).toString(),
      fees: fees.toString(),
    };
    if (stream.mergedFrom) fields.merged_from = stream.mergedFrom;
    fields.at = at;
    return { coin: network.coin, blockIndex, hash: blockHash, at, body: `,${JSON.stringify(fields).slice(1)}`, orphanAt, key };
  }

  return { blocksOf, statusesOf };
}

/** 1, 10, half of required and required confirmations: the moments a miner's page changes. */
export function confirmationThresholds(required: number): number[] {
  return [...new Set([1, 10, Math.ceil(required / 2), required])].filter((c) => c <= required).sort((a, b) => a - b);
}

function statusEvent(block: FoundBlock, confirmations: number, levels: readonly number[], chain: Chain): PendingEvent | null {
  const orphaned = block.orphanAt === confirmations;
  if (!orphaned && (!levels.includes(confirmations) || (block.orphanAt > 0 && confirmations > block.orphanAt))) return null;
  // The pool's node sees each confirming block a moment after it is mined (the same moment
  // for every depth of one block, so its statuses stay in order).
  const at = outOfFoldedTail(
    blockIndexStart(chain, block.blockIndex + confirmations) + 300 + Math.floor(uniform(block.key, 6) * 3700),
  );
  const body = `,"coin":"${block.coin}","hash":"${block.hash}","confirmations":${orphaned ? 0 : confirmations},"orphaned":${orphaned},"at":${at}}`;
  return { at, head: STATUS_HEAD, body };
}

/**
 * Moves a time out of a step's last second, which belongs to folded shares (see
 * simulator.ts), by squeezing the two seconds around each step boundary into the second
 * after it: later, never earlier, and in the same order.
 */
function outOfFoldedTail(at: number): number {
  const tailMs = STEP_MS - FINE_WINDOW_MS;
  const offset = at % STEP_MS;
  if (offset >= FINE_WINDOW_MS) return at - offset + STEP_MS + Math.floor((offset - FINE_WINDOW_MS) / 2);
  if (offset < tailMs) return at - offset + tailMs / 2 + Math.floor(offset / 2);
  return at;
}

function pickByHashrate(candidates: readonly OnlineWorker[], target: number): OnlineWorker {
  let remaining = target;
  for (const candidate of candidates) {
    remaining -= candidate.hashrate;
    if (remaining < 0) return candidate;
  }
  const last = candidates[candidates.length - 1];
  if (!last) throw new Error('a block stream without workers');
  return last;
}

/** 64 hex digits; a sha256d block hash starts with the zeros its difficulty demands. */
function blockHashOf(key: number, network: NetworkModel, at: number): string {
  let hex = '';
  for (let i = 0; i < 8; i++) hex += hash(key, 7, i).toString(16).padStart(8, '0');
  if (network.algorithm !== 'sha256d') return hex;
  const zeros = Math.min(24, Math.floor(Math.log2(network.difficultyAt(at) * 2 ** 32) / 4));
  return '0'.repeat(zeros) + hex.slice(zeros);
}
