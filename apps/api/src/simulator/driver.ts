/**
 * Drives the demo's simulator: backfills the history on first start (or resumes each source
 * from its committed offset), then runs in real time, every batch through the real ingest
 * route. A batch that fails is retried with a growing pause, per source, instead of stopping
 * the simulator (decision 008): the engine's offsets make a resend always safe, and other sources
 * keep going meanwhile. Failing sources are listed in the status /health shows.
 * The retries and the send pipeline are sending.ts.
 */
import type { CoinTicker } from '@openpool/domain/coins';
import type { PoolConfig } from '@openpool/domain/pool-config';
import type { Engine } from '../engine/engine.ts';
import { parseEvents } from '../ingest/ndjson.ts';
import type { HistoryShadow } from './history.ts';
import { createRetryingPost, createSendPipeline } from './sending.ts';
import type { HardwareCatalogue } from '@openpool/domain/hardware';

const LIVE_TICK_MS = 5000;
const STEP_MS = 10 * 60 * 1000;
/**
 * What a first start ingests before going live: the pool figures read the last complete
 * 10-minute bucket, so two steps are enough and cost next to nothing.
 */
const RECENT_MS = 2 * STEP_MS;

export interface SimulatorSettings {
  seed: number;
  coins: readonly CoinTicker[];
  minersPerCoin: number;
  backfillDays: number;
  live: boolean;
}

export interface SimulatorStatus {
  state: 'starting' | 'backfilling' | 'live' | 'failed';
  from?: number;
  backfill_seconds?: number;
  /**
   * The first start's history behind live figures (history.ts): 'filling' from the moment the
   * simulator is live on its last hour until the whole history has replaced it.
   */
  history?: 'filling' | 'complete' | 'failed';
  /** Seconds from start to the full history in place. */
  history_seconds?: number;
  /** Sources whose last batch failed and is being retried. */
  failing: { source: string; attempts: number; message: string }[];
}

export interface SimulatorDriver {
  status: SimulatorStatus;
  /** Resolves when the simulator is live (with a first start's history possibly still filling). */
  backfilled: Promise<void>;
  /** Resolves when the whole history is in place. */
  historyDone: Promise<void>;
  /** Stops generating and retrying; resolves when nothing is in flight any more. */
  stop(): Promise<void>;
}

export interface DriverOptions {
  settings: SimulatorSettings;
  pool: PoolConfig;
  /** The hardware catalogue the simulated machines come from; the repository's when absent. */
  hardware?: HardwareCatalogue;
  engine: Pick<Engine, 'lastSeq' | 'sendPayouts'>;
  /** Posts one NDJSON batch to ingest; throws on any answer but success. */
  post: (source: string, ndjson: string) => Promise<void>;
  log: (line: string) => void;
  /**
   * Fill the first start's history behind live figures (history.ts). Without it, or with
   * `live` off (fixed data for tests), the history is ingested first, in time order, as before.
   */
  history?: { filling(): Promise<boolean>; open(): Promise<HistoryShadow> };
  /**
   * The simulated clock: where the history ends and live ticks go. Date.now, except in tests
   * that compare two runs, which must cover the same 10-minute steps whenever each started.
   */
  now?: () => number;
  /** First pause after a failure; it doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
}

export async function startSimulatorDriver(options: DriverOptions): Promise<SimulatorDriver> {
  const { settings, engine, log } = options;
  const status: SimulatorStatus = { state: 'starting', failing: [] };
  const stopping = new AbortController();
  const failing = new Map<string, { attempts: number; message: string }>();
  const publish = () => {
    status.failing = [...failing].map(([source, failure]) => ({ source, ...failure }));
  };
  const retrying = createRetryingPost(options, stopping.signal, (source, failure) => {
    if (failure) failing.set(source, failure);
    else failing.delete(source);
    publish();
  });
  const pipeline = createSendPipeline(retrying);
  // Loaded only in the demo: a pool fed by real stratum servers never needs it.
  const { createSimulator } = await import('./simulator.ts');
  const simulator = createSimulator({
    seed: settings.seed,
    coins: settings.coins,
    pool: options.pool,
    hardware: options.hardware,
    minersPerCoin: settings.minersPerCoin,
    send: (source, ndjson) => pipeline.send(source, ndjson),
  });

  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  /** Set while the history's tables replace the live ones: no live batch may run meanwhile. */
  let paused = false;
  let cursor = 0;
  let markHistoryDone!: () => void;
  const historyDone = new Promise<void>((resolve) => (markHistoryDone = resolve));
  let filling: Promise<void> | undefined;
  const clock = options.now ?? Date.now;
  const started = Date.now();
  const backfilled = (async () => {
    const now = clock();
    const horizon = now - settings.backfillDays * 86_400_000;
    const from = horizon - (horizon % STEP_MS);
    const until = now - (now % STEP_MS);
    const offsets = new Map<string, number>();
    for (const source of simulator.sources()) offsets.set(source, await engine.lastSeq(source));
    status.state = 'backfilling';
    status.from = Math.floor(from / 1000);
    const seqs = [...offsets.values()];
    const firstStart = seqs.every((seq) => seq === 0);
    // Behind live figures only when live: `SIMULATOR_LIVE=off` wants the fixed history at once.
    const behind =
      options.history !== undefined &&
      settings.live &&
      until - from > RECENT_MS &&
      (firstStart || (await options.history.filling()));
    // Opened at once, beside the recent ingest: from the moment its schema exists, the pool
    // payload says history is filling, so no page shows the first seconds' zeros unexplained.
    const opening = behind ? options.history?.open() : undefined;
    opening?.catch(() => undefined);
    // A first start backfills the horizon (or, filling behind, its last minutes). A restart
    // resumes every source from its own committed offset (regenerating exactly what was
    // sent); a coin enabled since then gets its history from a full run, whose events the
    // others skip by offset.
    if (firstStart) {
      const start = behind ? until - RECENT_MS : from;
      if (until > start) await simulator.run(start, until, 'backfill');
    } else {
      await simulator.resume(offsets, until);
      if (seqs.some((seq) => seq === 0) && until > from) await simulator.run(from, until, 'backfill');
    }
    await pipeline.drain();
    await engine.sendPayouts();
    status.state = 'live';
    status.backfill_seconds = (Date.now() - started) / 1000;
    log(
      `simulator: ${behind ? 'last minutes' : 'history'} up to ${new Date(until).toISOString()} ingested in ${status.backfill_seconds.toFixed(1)} s; running live`,
    );
    cursor = until;
    if (opening) {
      status.history = 'filling';
      filling = fillHistory(opening, from, until);
    } else {
      status.history = 'complete';
      markHistoryDone();
    }
    if (!settings.live) return;
    const tick = async () => {
      const target = clock();
      if (stopping.signal.aborted || paused || target <= cursor) return;
      await simulator.run(cursor, target, 'live');
      await pipeline.drain();
      cursor = target;
    };
    timer = setInterval(() => {
      if (ticking) return;
      ticking = tick()
        .catch((error: Error) => {
          if (!stopping.signal.aborted) log(`simulator: ${error.message}`);
        })
        .finally(() => (ticking = undefined));
    }, LIVE_TICK_MS);
  })().catch((error: Error) => {
    if (stopping.signal.aborted) return;
    status.state = 'failed';
    log(`simulator: backfill failed: ${error.message}`);
  });

  /**
   * The whole history, in time order, into the history schema by a second simulator of the
   * same seed (the same events), then the live ticks since, with ticks paused for the last
   * stretch and the swap; the live simulator then goes on from its cursor.
   */
  async function fillHistory(opening: Promise<HistoryShadow>, from: number, until: number): Promise<void> {
    let shadow: HistoryShadow | undefined;
    try {
      shadow = await opening;
      const target = shadow.engine;
      const shadowPipeline = createSendPipeline(
        createRetryingPost(
          {
            ...options,
            post: async (source, ndjson) => {
              await target.ingest(source, parseEvents(ndjson, Date.now()));
            },
          },
          stopping.signal,
          () => undefined,
        ),
      );
      const behind = createSimulator({
        seed: settings.seed,
        coins: settings.coins,
        pool: options.pool,
        hardware: options.hardware,
        minersPerCoin: settings.minersPerCoin,
        send: (source, ndjson) => shadowPipeline.send(source, ndjson),
      });
      await behind.run(from, until, 'backfill');
      await shadowPipeline.drain();
      // Catch up with the live cursor while live goes on, then once more with it paused.
      let caughtUp = until;
      while (cursor - caughtUp > 2 * LIVE_TICK_MS) {
        const to = cursor;
        await behind.run(caughtUp, to, 'live');
        await shadowPipeline.drain();
        caughtUp = to;
      }
      paused = true;
      while (ticking) await ticking;
      if (cursor > caughtUp) {
        await behind.run(caughtUp, cursor, 'live');
        await shadowPipeline.drain();
      }
      await target.sendPayouts();
      await shadow.swap();
      status.history = 'complete';
      status.history_seconds = (Date.now() - started) / 1000;
      log(`simulator: full history in place ${status.history_seconds.toFixed(1)} s after start`);
      markHistoryDone();
    } catch (error) {
      await shadow?.close();
      if (stopping.signal.aborted) return;
      status.history = 'failed';
      log(`simulator: history failed (the next start fills it again): ${(error as Error).message}`);
    } finally {
      paused = false;
    }
  }

  return {
    status,
    backfilled,
    historyDone,
    async stop() {
      stopping.abort();
      if (timer) clearInterval(timer);
      await Promise.allSettled([backfilled, ticking]);
      // The week of history behind live is waited for 1 s at most: its batches go into a shadow
      // that an unfinished fill leaves to be dropped and filled again by the next start
      // (history.ts), and the batches in flight took 8 s to finish on a busy machine, which made
      // a stop miss its 10 s (decision 030). The database's stop ends their sessions.
      await Promise.race([Promise.allSettled([filling]), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    },
  };
}
