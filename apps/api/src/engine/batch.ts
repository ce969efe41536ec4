/**
 * One batch of ingest events applied inside its transaction: share rollups, rounds, blocks,
 * statuses, network samples, and the hour jobs (PPS credit, payouts, resets) that run when a
 * coin's event time crosses an hour. engine.ts owns the transaction, locks and offsets;
 * blocks.ts records blocks and statuses; rounds.ts decides which round a block closes.
 */
import type pg from 'pg';
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import type { IngestEvent, MinedTicker, NetworkEvent } from '@openpool/domain/events';
import type { PoolConfig } from '@openpool/domain/pool-config';
import { isDatabaseUnavailable } from '../db/database.ts';
import { latestNetworkSample } from '../stats/network-sample.ts';
import { HOUR_MS, RoundAggregates, ShareAggregates } from './aggregates.ts';
import { BlockBook } from './blocks.ts';
import type { BreakerContext } from './breaker.ts';
import { creditPps, resetIdleBalances } from './hour-jobs.ts';
import { makePayouts } from './payouts/create.ts';
import type { ReferenceBook } from './reference.ts';
import { SampleGate } from './sample-gate.ts';
import { applyLedger, type LedgerEntry } from './ledger.ts';
import type { AuditWriter } from './audit.ts';
import { MERGE_ROUND } from './rounds.ts';
import { WorkerExtras } from './worker-extras.ts';

export { EngineInputError } from './blocks.ts';

interface Clock {
  hoursDone: number;
  eventTime: number;
  dirty: boolean;
}

/**
 * State of one batch. Writes are gathered and flushed together (shares and rounds as
 * rollups, block credits, ledger rows, block updates, statuses), so a batch costs a fixed
 * number of statements plus one per block, whatever its size. Everything is flushed before
 * an hour job reads the tables, and at the end of the batch, inside its transaction.
 */
export class BatchContext {
  private readonly shares = new ShareAggregates();
  private readonly rounds = new RoundAggregates();
  /** Best shares and reported hashrate (decision 023). */
  private readonly extras = new WorkerExtras();
  private readonly network: NetworkEvent[] = [];
  private readonly latestDifficulty = new Map<string, number | null>();
  private readonly clocks = new Map<string, Clock>();
  private ledger: LedgerEntry[] = [];
  private readonly blocks: BlockBook;
  /** Coins whose hour jobs failed in this batch: retried by the next batch, not by every event. */
  private readonly faulted = new Set<string>();
  private readonly client: pg.PoolClient;
  private readonly config: PoolConfig;
  private readonly lateWindow: number;
  private readonly log: ((line: string) => void) | undefined;
  private readonly source: string;
  private readonly gate: SampleGate;
  private readonly breaker: BreakerContext;
  private readonly audit: AuditWriter | undefined;
  private readonly metrics: { hourJob(coin: string, job: string, seconds: number, ok: boolean): void } | undefined;

  constructor(
    client: pg.PoolClient,
    config: PoolConfig,
    options: {
      source: string;
      lateWindow: number;
      requiredConfirmations: (coin: string) => number;
      chainOf: BreakerContext['chainOf'];
      /** The breaker's reference per coin (decision 029), shared by every batch of the engine. */
      references: ReferenceBook;
      log?: (line: string) => void;
      metrics?: { hourJob(coin: string, job: string, seconds: number, ok: boolean): void };
      /** Audit records with the credits (decision 025); absent: none are written. */
      audit?: AuditWriter;
    },
  ) {
    const { lateWindow, requiredConfirmations, log } = options;
    this.client = client;
    this.config = config;
    this.lateWindow = lateWindow;
    this.log = log;
    this.metrics = options.metrics;
    this.source = options.source;
    this.gate = new SampleGate(client, log);
    this.breaker = { chainOf: options.chainOf, references: options.references, log };
    this.blocks = new BlockBook({
      client,
      config,
      requiredConfirmations,
      takeRound: (coin, round, address) => this.rounds.take(coin, round, address),
      networkDifficulty: (coin, at) => this.networkDifficulty(coin, at),
      addLedger: (entry) => this.ledger.push(entry),
      audit: options.audit,
    });
    this.audit = options.audit;
  }

  async apply(event: IngestEvent): Promise<void> {
    await this.advanceClock(event.coin, event.at);
    switch (event.type) {
      case 'share':
        this.shares.add(event);
        this.extras.add(event);
        if (event.status === 'valid') this.addToRounds(event.coin, event.scheme, event.address, event.difficulty);
        return;
      case 'network':
        // A sample that jumped implausibly waits for the chain to confirm it (decisions 018, 029).
        if (!(await this.gate.accept(event, this.source, (await this.clockOf(event.coin, event.at)).eventTime))) return;
        this.network.push(event);
        this.latestDifficulty.set(event.coin, event.difficulty);
        return;
      case 'block':
        await this.blocks.block(event);
        return;
      case 'block_status':
        this.blocks.status(event);
        return;
    }
  }

  async finish(): Promise<void> {
    await this.flushAll();
    for (const [coin, clock] of this.clocks) {
      if (!clock.dirty) continue;
      await this.client.query(
        `insert into engine_clock (coin, event_time, hours_done) values ($1, to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0))
         on conflict (coin) do update set event_time = greatest(engine_clock.event_time, excluded.event_time), hours_done = excluded.hours_done`,
        [coin, clock.eventTime, clock.hoursDone],
      );
    }
  }

  private addToRounds(coin: CoinTicker, scheme: string, address: string, difficulty: number): void {
    if (scheme === 'solo') {
      this.rounds.add(coin, 'solo', address, difficulty);
      return;
    }
    this.rounds.add(coin, scheme, address, difficulty);
    // Merged children are found by the parent pool's work: every pool (non-solo) share counts.
    for (const child of COINS[coin].mergedCoins) this.rounds.add(coin, MERGE_ROUND + child, address, difficulty);
  }

  /** Writes the batch's network samples; returns the coins they are of. */
  private async flushNetwork(): Promise<string[]> {
    if (this.network.length === 0) return [];
    // One row per coin and time, the last one winning: two samples of the same millisecond in
    // one statement made PostgreSQL refuse the upsert ("cannot affect row a second time"), a 500.
    const samples = [...new Map(this.network.splice(0).map((s) => [`${s.coin}|${s.at}`, s])).values()];
    await this.client.query(
      `insert into network_samples (coin, at, difficulty, hashrate, height, reward)
       select c, to_timestamp(t / 1000.0), d, h, ht, r::numeric
       from unnest($1::text[], $2::float8[], $3::float8[], $4::float8[], $5::int8[], $6::text[]) as u(c, t, d, h, ht, r)
       on conflict (coin, at) do update set difficulty = excluded.difficulty, hashrate = excluded.hashrate,
         height = excluded.height, reward = excluded.reward`,
      [
        samples.map((s) => s.coin),
        samples.map((s) => s.at),
        samples.map((s) => s.difficulty),
        samples.map((s) => s.hashrate),
        samples.map((s) => s.height),
        samples.map((s) => s.reward),
      ],
    );
    return [...new Set(samples.map((s) => s.coin))];
  }

  /**
   * `forJobs` flushes only what hour jobs read: hourly difficulty (PPS), miners' last share
   * (resets, at midnight), network samples, and everything that moves balances (payouts).
   */
  private async flushAll(forJobs?: { midnight: boolean }): Promise<void> {
    if (forJobs) await this.shares.flushForJobs(this.client, forJobs.midnight);
    else {
      await this.shares.flush(this.client);
      await this.extras.flush(this.client);
      await this.rounds.flush(this.client);
    }
    const sampled = await this.flushNetwork();
    await this.blocks.flush();
    // After the blocks: a block of this batch may have come in before a sample dated before it.
    await this.blocks.fillDifficulties(sampled);
    const ledger = this.ledger;
    this.ledger = [];
    await applyLedger(this.client, ledger);
  }

  private async clockOf(coin: string, at: number): Promise<Clock> {
    let clock = this.clocks.get(coin);
    if (clock) return clock;
    const row = await this.client.query<{ hours_done: Date; event_time: Date }>(
      'select hours_done, event_time from engine_clock where coin = $1',
      [coin],
    );
    const found = row.rows[0];
    clock = found
      ? { hoursDone: found.hours_done.getTime(), eventTime: found.event_time.getTime(), dirty: false }
      : { hoursDone: at - (at % HOUR_MS), eventTime: at, dirty: true };
    this.clocks.set(coin, clock);
    return clock;
  }

  /** Runs the hour jobs of every hour boundary between the coin's clock and `at`. */
  private async advanceClock(coin: string, at: number): Promise<void> {
    const clock = await this.clockOf(coin, at);
    if (at > clock.eventTime) {
      clock.eventTime = at;
      clock.dirty = true;
    }
    const hour = at - (at % HOUR_MS);
    if (hour <= clock.hoursDone || this.faulted.has(coin)) return;
    const first = clock.hoursDone + HOUR_MS;
    const crossesMidnight = Math.floor(hour / (24 * HOUR_MS)) !== Math.floor(clock.hoursDone / (24 * HOUR_MS));
    await this.flushAll({ midnight: crossesMidnight });
    // A coin idle for days catches up in one run: PPS pays every hour still owed at the
    // first boundary, so only the last boundary needs the other jobs.
    const boundaries = hour - first > 48 * HOUR_MS ? [hour] : range(first, hour, HOUR_MS);
    clock.dirty = true;
    for (const boundary of boundaries) {
      if (!(await this.containedHourJobs(coin, boundary))) return;
      clock.hoursDone = boundary;
    }
    clock.hoursDone = hour;
    await this.client.query('delete from engine_faults where coin = $1', [coin]);
  }

  /**
   * One coin's hour jobs in a savepoint (decision 008): if they fail, the batch
   * still commits its events, the coin's clock stays before the failed hour so the next batch
   * of the coin retries it, and the failure is kept in `engine_faults` for /health. Other
   * coins never notice. A lost database connection fails the batch as a whole instead.
   */
  private async containedHourJobs(coin: string, boundary: number): Promise<boolean> {
    await this.client.query('savepoint hour_jobs');
    const started = performance.now();
    try {
      await this.hourJobs(coin, boundary);
      await this.client.query('release savepoint hour_jobs');
      this.metrics?.hourJob(coin, 'hour_jobs', (performance.now() - started) / 1000, true);
      return true;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      await this.client.query('rollback to savepoint hour_jobs');
      const message = (error as Error).message.slice(0, 500);
      await this.client.query(
        `insert into engine_faults (coin, job, hour, message) values ($1, 'hour_jobs', to_timestamp($2 / 1000.0), $3)
         on conflict (coin) do update set job = excluded.job, hour = excluded.hour, message = excluded.message,
           attempts = engine_faults.attempts + 1, last_failed_at = now()`,
        [coin, boundary, message],
      );
      this.log?.(
        `engine: ${coin}: hour jobs of ${new Date(boundary).toISOString()} failed, retried with the next batch: ${message}`,
      );
      this.faulted.add(coin);
      this.metrics?.hourJob(coin, 'hour_jobs', (performance.now() - started) / 1000, false);
      return false;
    }
  }

  private async hourJobs(coin: string, boundary: number): Promise<void> {
    const poolCoin = this.config.coins.get(coin as CoinTicker);
    if (poolCoin?.schemes.includes('pps'))
      await creditPps(this.client, poolCoin, boundary, this.lateWindow, this.breaker, this.audit);
    await makePayouts(this.client, this.config, coin as MinedTicker, boundary, this.breaker);
    // Resets count days of inactivity: checking once a day, at midnight UTC, is enough.
    if (boundary % (24 * HOUR_MS) === 0) await resetIdleBalances(this.client, this.config, coin, boundary);
  }

  private async networkDifficulty(coin: string, at: number): Promise<number | null> {
    const known = this.latestDifficulty.get(coin);
    if (known !== undefined) return known;
    const difficulty = (await latestNetworkSample(this.client, coin, at))?.difficulty ?? null;
    this.latestDifficulty.set(coin, difficulty);
    return difficulty;
  }
}

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let value = from; value <= to; value += step) out.push(value);
  return out;
}
