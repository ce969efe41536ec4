/**
 * The demo's share simulator: the pool's data source when no stratum server is connected.
 * It produces the same NDJSON ingest events a stratum server sends (design.md, "Data flow")
 * and hands them to `send`; it never touches the database.
 *
 * Everything is a pure function of (seed, coin, 10-minute step), so any time range can be
 * generated on its own: `run(a, c)` emits exactly `run(a, b)` then `run(b, c)` for a
 * step-aligned `b`, and a range regenerated after a restart yields the same events with the
 * same `seq`, which the engine then skips.
 *
 * `seq` is `at * 1000 + index among the source's events in that millisecond` (see
 * pending-event.ts), so it grows with time and `timeOfSeq` recovers the time from it.
 *
 * Two granularities of shares (see shares.ts): backfill folds a whole step's shares of a
 * worker into one event, placed in the step's last second; every other event (live shares,
 * blocks, statuses, network samples) lies before it. That is what makes a resume exact: a
 * committed seq in a step's last second means the step was folded, anywhere earlier means it
 * was not, and `run` regenerates a partly committed step the same way it was first emitted.
 */
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import type { MinedTicker } from '@openpool/domain/events';
import type { HardwareCatalogue } from '@openpool/domain/hardware';
import { toUnits, unitDecimalsOf, type PoolConfig } from '@openpool/domain/pool-config';
import { BLOCK_HEAD, createBlockFinder, type BlockFinder } from './blocks.ts';
import { CHAINS } from './chains.ts';
import { bundledCatalogue } from './devices.ts';
import { createNetworkModel, networkEventBody, type NetworkModel } from './network.ts';
import { createPopulation, FINE_WINDOW_MS, STEP_MS, type OnlineWorker, type Population } from './population.ts';
import { seedKey } from './random.ts';
import { timeOfSeq, withSeq, type PendingEvent } from './pending-event.ts';
import { foldedShareLines, liveShares } from './shares.ts';

export interface SimulatorOptions {
  seed: number;
  /** Enabled pool coins (those with pool pages). */
  coins: readonly CoinTicker[];
  pool: PoolConfig;
  /** The hardware catalogue the simulated machines come from (real hardware at its published hashrate); the repository's when absent. */
  hardware?: HardwareCatalogue;
  /** Mean miners per coin (default 30); popular coins get more, small ones fewer. */
  minersPerCoin?: number;
  /** Posts one batch of NDJSON lines for `source`; throws on failure. */
  send: (source: string, ndjson: string) => Promise<void>;
}

export interface Simulator {
  /** Generates every event with time in [fromMs, toMs) and sends them, in order, per source, in batches of at most ~20k lines. */
  run(fromMs: number, toMs: number, mode: 'backfill' | 'live'): Promise<void>;
  /**
   * After a restart: regenerates each source in the map from the time of its last committed
   * seq up to `toMs` (sources missing from the map, or at seq 0, are left alone). Unlike one
   * `run` from the earliest of those times, it re-emits every partly committed step exactly as
   * it was first emitted (folded or live), so no work is counted twice or lost.
   */
  resume(committedSeqBySource: ReadonlyMap<string, number>, toMs: number): Promise<void>;
  /** Sources this simulator writes to (one per coin, e.g. `sim-ltc`; merged children's events go in the parent's source). */
  sources(): string[];
  /** The time an event `seq` of this simulator was generated for (to resume after a restart from the engine's last committed seq). */
  timeOfSeq(seq: number): number;
  /** The pool hashrate (H/s) the simulator gives `coin` at a time: its online workers' nominal speed, before share noise. */
  poolHashrate(coin: CoinTicker, timeMs: number): number;
  /** The workers of `coin` online at a time, with their miners (what `npm run demo:miner` shows). */
  onlineAt(coin: CoinTicker, timeMs: number): readonly OnlineWorker[];
}

const BATCH_LINES = 20_000;
const WINDOW_STEPS = 144;
const NETWORK_HEAD = '{"type":"network","seq":';
const DEFAULT_MINERS = 30;

// How many miners a coin's pool has, relative to the others: Bitcoin, Litecoin, Kaspa and
// the big GPU coins draw crowds, young coins a handful.
const POPULARITY: Readonly<Partial<Record<CoinTicker, number>>> = {
  btc: 1.5,
  ltc: 1.6,
  kas: 1.5,
  etc: 1.3,
  xmr: 1.3,
  rvn: 1.2,
  erg: 1.0,
  alph: 1.0,
  bch: 0.8,
  dgb: 0.9,
  quai: 0.9,
  clore: 0.9,
  nexa: 0.8,
  kls: 0.8,
  fb: 0.8,
};
const DEFAULT_POPULARITY = 0.65;

interface CoinSimulation {
  coin: CoinTicker;
  source: string;
  population: Population;
  own: NetworkModel;
  /** Networks whose samples this source carries: its own, and merged children with no pool here. */
  sampled: NetworkModel[];
  blocks: BlockFinder;
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const { pool, send } = options;
  const seed = seedKey(options.seed);
  const hardware = options.hardware ?? bundledCatalogue();
  const coins = [...new Set(options.coins)];
  const networks = new Map<MinedTicker, NetworkModel>();

  function networkOf(coin: MinedTicker): NetworkModel {
    let model = networks.get(coin);
    if (!model) {
      model = createNetworkModel(seed, coin, toUnits(CHAINS[coin].subsidy, unitDecimalsOf(pool, coin)));
      networks.set(coin, model);
    }
    return model;
  }

  // The engine's rule: a coin's own pool config wins over its merged-child config (fb).
  function requiredConfirmations(coin: MinedTicker): number {
    return pool.coins.get(coin as CoinTicker)?.confirmations ?? pool.merged.get(coin)?.confirmations ?? 100;
  }

  const meanPopularity =
    coins.reduce((sum, coin) => sum + (POPULARITY[coin] ?? DEFAULT_POPULARITY), 0) / Math.max(1, coins.length);
  const simulations: CoinSimulation[] = coins.map((coin) => {
    const config = pool.coins.get(coin);
    if (!config) throw new Error(`simulator: no pool config for ${coin}`);
    const popularity = (POPULARITY[coin] ?? DEFAULT_POPULARITY) / meanPopularity;
    const chain = CHAINS[coin];
    const population = createPopulation({
      seed,
      coin,
      miners: Math.max(3, Math.round((options.minersPerCoin ?? DEFAULT_MINERS) * popularity)),
      schemes: config.schemes,
      targetHashrate: chain.poolShare * chain.networkHashrate,
      hardware,
    });
    const own = networkOf(coin);
    const children = COINS[coin].mergedCoins.map(networkOf);
    const blocks = createBlockFinder({ seed, coin, population, own, children, requiredConfirmations });
    const sampled = [own, ...children.filter((child) => !coins.includes(child.coin as CoinTicker))];
    return { coin, source: `sim-${coin}`, population, own, sampled, blocks };
  });

  function stepLines(simulation: CoinSimulation, step: number, fromMs: number, toMs: number, folded: boolean): string[] {
    const start = step * STEP_MS;
    const inRange = (event: { at: number }) => event.at >= fromMs && event.at < toMs;
    const others: PendingEvent[] = [];
    if (start >= fromMs && start < toMs) {
      for (const network of simulation.sampled) {
        others.push({ at: start, head: NETWORK_HEAD, body: networkEventBody(network, start) });
      }
    }
    for (const block of simulation.blocks.blocksOf(step)) {
      if (inRange(block)) others.push({ at: block.at, head: BLOCK_HEAD, body: block.body });
    }
    for (const status of simulation.blocks.statusesOf(step)) {
      if (inRange(status)) others.push(status);
    }
    others.sort((a, b) => a.at - b.at);
    const population = simulation.population.at(step);
    const perDifficulty = simulation.own.hashesPerDifficulty;
    if (folded) return withSeq(others).concat(foldedShareLines(population, perDifficulty, fromMs));
    return withSeq(others.concat(liveShares(population, perDifficulty, fromMs, toMs)).sort((a, b) => a.at - b.at));
  }

  /**
   * Generates [from, toMs) for each source `fromOf` gives a start for. `resuming`: the start is
   * a committed seq's time, so a start inside a folded tail means that step was folded.
   */
  async function generate(
    fromOf: (source: string) => number | undefined,
    toMs: number,
    mode: 'backfill' | 'live',
    resuming: boolean,
  ): Promise<void> {
    const starts = simulations.flatMap((simulation) => {
      const fromMs = fromOf(simulation.source);
      return fromMs === undefined || fromMs >= toMs ? [] : [{ simulation, fromMs }];
    });
    if (starts.length === 0) return;
    const firstStep = Math.floor(Math.min(...starts.map(({ fromMs }) => fromMs)) / STEP_MS);
    const endStep = Math.ceil(toMs / STEP_MS);
    // A day of all sources at a time: no source runs far ahead of the others (the engine keeps
    // one clock per coin, and btc's source carries fb blocks), and only one source's batch is
    // held in memory at once.
    for (let windowStart = firstStep; windowStart < endStep; windowStart += WINDOW_STEPS) {
      const windowEnd = Math.min(endStep, windowStart + WINDOW_STEPS);
      for (const { simulation, fromMs } of starts) {
        const sourceStart = Math.max(windowStart, Math.floor(fromMs / STEP_MS));
        if (sourceStart >= windowEnd) continue;
        await generateSource(simulation, sourceStart, windowEnd, fromMs, toMs, (step) => {
          const start = step * STEP_MS;
          // Fold a step only when the run covers it whole, or resumes inside its folded tail. A
          // plain run starting in a tail cannot tell how the step was emitted before, and
          // emits nothing more of it: live shares all lie before the tail.
          const resumesInTail = resuming && fromMs >= start + FINE_WINDOW_MS;
          return mode === 'backfill' && start + STEP_MS <= toMs && (fromMs <= start || resumesInTail);
        });
      }
    }
  }

  async function generateSource(
    simulation: CoinSimulation,
    firstStep: number,
    endStep: number,
    fromMs: number,
    toMs: number,
    isFolded: (step: number) => boolean,
  ): Promise<void> {
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length > 0) await send(simulation.source, batch.join('\n') + '\n');
      batch = [];
    };
    for (let step = firstStep; step < endStep; step++) {
      const start = step * STEP_MS;
      const lines = stepLines(simulation, step, Math.max(fromMs, start), Math.min(toMs, start + STEP_MS), isFolded(step));
      // Batches end at step boundaries where they can, so a committed batch never holds half a folded step.
      if (batch.length > 0 && batch.length + lines.length > BATCH_LINES) await flush();
      for (const line of lines) batch.push(line);
      while (batch.length > BATCH_LINES) {
        const rest = batch.slice(BATCH_LINES);
        batch.length = BATCH_LINES;
        await flush();
        batch = rest;
      }
    }
    await flush();
  }

  // One run at a time: a source's batches must reach the engine in seq order.
  let queue: Promise<void> = Promise.resolve();
  function enqueue(task: () => Promise<void>): Promise<void> {
    const next = queue.then(task);
    queue = next.catch(() => undefined);
    return next;
  }

  function checkRange(fromMs: number, toMs: number): void {
    if (!Number.isSafeInteger(fromMs) || !Number.isSafeInteger(toMs))
      throw new RangeError(`simulator: times must be integer ms, got ${fromMs}..${toMs}`);
  }

  return {
    run(fromMs, toMs, mode) {
      checkRange(fromMs, toMs);
      return enqueue(() => generate(() => fromMs, toMs, mode, false));
    },
    resume(committedSeqBySource, toMs) {
      for (const seq of committedSeqBySource.values()) checkRange(timeOfSeq(seq), toMs);
      return enqueue(() =>
        generate(
          (source) => {
            const seq = committedSeqBySource.get(source);
            // Nothing committed yet: that source needs a backfill (`run`), not a resume.
            return seq === undefined || seq <= 0 ? undefined : timeOfSeq(seq);
          },
          toMs,
          'backfill',
          true,
        ),
      );
    },
    sources: () => simulations.map((simulation) => simulation.source),
    timeOfSeq,
    poolHashrate(coin, timeMs) {
      const simulation = simulations.find((candidate) => candidate.coin === coin);
      if (!simulation) return 0;
      const { hashrateByScheme } = simulation.population.at(Math.floor(timeMs / STEP_MS));
      return hashrateByScheme.pps + hashrateByScheme.prop + hashrateByScheme.solo;
    },
    onlineAt(coin, timeMs) {
      const simulation = simulations.find((candidate) => candidate.coin === coin);
      return simulation ? simulation.population.at(Math.floor(timeMs / STEP_MS)).online : [];
    },
  };
}
