/**
 * One batch of ingest events applied inside its transaction: share rollups, rounds, blocks,
 * statuses, network samples, and the hour jobs (PPS credit, payouts, resets) that run when a
 * coin's event time crosses an hour. engine.ts owns the transaction, locks and offsets.
 */
import type pg from 'pg';
import { COINS, isCoinTicker, type CoinTicker, type MergedTicker } from '@openpool/domain/coins';
import type { BlockEvent, BlockStatusEvent, IngestEvent, NetworkEvent } from '@openpool/domain/events';
import type { PoolConfig } from '@openpool/domain/pool-config';
import { difficultyWeight, propCredits, soloCredit } from '@openpool/domain/rewards';
import { HOUR_MS, RoundAggregates, ShareAggregates } from './aggregates.ts';
import { creditPps, makePayouts, resetIdleBalances } from './hour-jobs.ts';
import { applyLedger, type LedgerEntry, type LedgerKind } from './ledger.ts';
import { isDatabaseUnavailable } from '../db/database.ts';

const MERGE = 'merge:';

interface Clock {
  hoursDone: number;
  eventTime: number;
  dirty: boolean;
}

interface BlockUpdate {
  id: number;
  networkDifficulty: number | null;
  roundDifficulty: number;
  effort: number | null;
  poolCut: bigint;
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
  private readonly network: NetworkEvent[] = [];
  private readonly latestDifficulty = new Map<string, number | null>();
  private readonly clocks = new Map<string, Clock>();
  private credits: { blockId: number; coin: string; address: string; amount: bigint }[] = [];
  private ledger: LedgerEntry[] = [];
  private blockUpdates: BlockUpdate[] = [];
  private statuses: BlockStatusEvent[] = [];
  /** Coins whose hour jobs failed in this batch: retried by the next batch, not by every event. */
  private readonly faulted = new Set<string>();
  private readonly client: pg.PoolClient;
  private readonly config: PoolConfig;
  private readonly lateWindow: number;
  private readonly requiredConfirmations: (coin: string) => number;
  private readonly log: ((line: string) => void) | undefined;

  constructor(
    client: pg.PoolClient,
    config: PoolConfig,
    lateWindow: number,
    requiredConfirmations: (coin: string) => number,
    log?: (line: string) => void,
  ) {
    this.client = client;
    this.config = config;
    this.lateWindow = lateWindow;
    this.requiredConfirmations = requiredConfirmations;
    this.log = log;
  }

  async apply(event: IngestEvent): Promise<void> {
    await this.advanceClock(event.coin, event.at);
    switch (event.type) {
      case 'share':
        this.shares.add(event);
        if (event.status === 'valid') this.addToRounds(event.coin, event.scheme, event.address, event.difficulty);
        return;
      case 'network':
        this.network.push(event);
        this.latestDifficulty.set(event.coin, event.difficulty);
        return;
      case 'block':
        await this.block(event);
        return;
      case 'block_status':
        this.statuses.push(event);
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
    for (const child of COINS[coin].mergedCoins) this.rounds.add(coin, MERGE + child, address, difficulty);
  }

  private async flushNetwork(): Promise<void> {
    if (this.network.length === 0) return;
    const samples = this.network.splice(0);
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
  }

  /**
   * `forJobs` flushes only what hour jobs read: hourly difficulty (PPS), miners' last share
   * (resets, at midnight), network samples, and everything that moves balances (payouts).
   */
  private async flushAll(forJobs?: { midnight: boolean }): Promise<void> {
    if (forJobs) await this.shares.flushForJobs(this.client, forJobs.midnight);
    else {
      await this.shares.flush(this.client);
      await this.rounds.flush(this.client);
    }
    await this.flushNetwork();
    await this.flushBlocks();
    await this.flushStatuses();
    const ledger = this.ledger;
    this.ledger = [];
    await applyLedger(this.client, ledger);
  }

  private async flushBlocks(): Promise<void> {
    if (this.credits.length > 0) {
      const credits = this.credits;
      this.credits = [];
      await this.client.query(
        `insert into block_credits (block_id, coin, address, amount)
         select * from unnest($1::int8[], $2::text[], $3::text[], $4::numeric[])`,
        [
          credits.map((c) => c.blockId),
          credits.map((c) => c.coin),
          credits.map((c) => c.address),
          credits.map((c) => c.amount.toString()),
        ],
      );
    }
    if (this.blockUpdates.length > 0) {
      const updates = this.blockUpdates;
      this.blockUpdates = [];
      await this.client.query(
        `update blocks b set network_difficulty = u.nd, round_difficulty = u.rd, effort = u.e, pool_cut = u.pc::numeric
         from unnest($1::int8[], $2::float8[], $3::float8[], $4::float8[], $5::text[]) as u(id, nd, rd, e, pc)
         where b.id = u.id`,
        [
          updates.map((u) => u.id),
          updates.map((u) => u.networkDifficulty),
          updates.map((u) => u.roundDifficulty),
          updates.map((u) => u.effort),
          updates.map((u) => u.poolCut.toString()),
        ],
      );
    }
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
   * One coin's hour jobs in a savepoint (issue 17, decision 008): if they fail, the batch
   * still commits its events, the coin's clock stays before the failed hour so the next batch
   * of the coin retries it, and the failure is kept in `engine_faults` for /health. Other
   * coins never notice. A lost database connection fails the batch as a whole instead.
   */
  private async containedHourJobs(coin: string, boundary: number): Promise<boolean> {
    await this.client.query('savepoint hour_jobs');
    try {
      await this.hourJobs(coin, boundary);
      await this.client.query('release savepoint hour_jobs');
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
      return false;
    }
  }

  private async hourJobs(coin: string, boundary: number): Promise<void> {
    const poolCoin = this.config.coins.get(coin as CoinTicker);
    if (poolCoin?.schemes.includes('pps')) await creditPps(this.client, poolCoin, boundary, this.lateWindow);
    await makePayouts(this.client, this.config, coin, boundary);
    // Resets count days of inactivity: checking once a day, at midnight UTC, is enough.
    if (boundary % (24 * HOUR_MS) === 0) await resetIdleBalances(this.client, this.config, coin, boundary);
  }

  private async networkDifficulty(coin: string, at: number): Promise<number | null> {
    const known = this.latestDifficulty.get(coin);
    if (known !== undefined) return known;
    const row = await this.client.query<{ difficulty: number }>(
      'select difficulty from network_samples where coin = $1 and at <= to_timestamp($2 / 1000.0) order by at desc limit 1',
      [coin, at],
    );
    const difficulty = row.rows[0]?.difficulty ?? null;
    this.latestDifficulty.set(coin, difficulty);
    return difficulty;
  }

  private async block(event: BlockEvent): Promise<void> {
    const reward = BigInt(event.reward);
    const fees = BigInt(event.fees);
    const mergedParent: CoinTicker | undefined =
      event.merged_from ?? (!isCoinTicker(event.coin) ? this.config.merged.get(event.coin)?.parents[0] : undefined);
    const poolCoin = isCoinTicker(event.coin) ? this.config.coins.get(event.coin) : undefined;

    // Which round the block closes, how much of it miners get, and who shares it.
    let roundCoin: string;
    let round: string;
    let kind: LedgerKind;
    let distributable: bigint;
    let feePpm: number;
    if (mergedParent) {
      const merged = this.config.merged.get(event.coin as MergedTicker);
      roundCoin = mergedParent;
      round = MERGE + event.coin;
      kind = 'merge';
      distributable = reward;
      feePpm = merged?.feePpm ?? 0;
    } else if (poolCoin && event.scheme === 'solo') {
      roundCoin = event.coin;
      round = 'solo';
      kind = 'solo';
      distributable = reward;
      feePpm = poolCoin.feePpm.solo;
    } else if (poolCoin && event.scheme === 'prop') {
      roundCoin = event.coin;
      round = 'prop';
      kind = 'block';
      distributable = reward;
      feePpm = poolCoin.feePpm.prop;
    } else if (poolCoin) {
      // PPS already paid the subsidy share by share; the "+" shares the block's fees PROP-style.
      roundCoin = event.coin;
      round = 'pps';
      kind = 'fee_share';
      distributable = fees;
      feePpm = poolCoin.feePpm.pps;
    } else {
      throw new EngineInputError(`block of ${event.coin} without merged_from: it is not a pool of its own`);
    }
    const soloFinder = round === 'solo' ? event.finder : null;

    // One statement: record the block and, only if it is new, close its round in the table.
    const result = await this.client.query<{ id: number | null; shares: [string, number][] | null }>(
      `with ins as (
         insert into blocks (coin, merged_from, height, hash, finder, worker, scheme, reward, fees, found_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9::numeric, to_timestamp($10 / 1000.0))
         on conflict (coin, hash) do nothing returning id
       ), del as (
         delete from round_shares r using ins
         where r.coin = $11 and r.round = $12 and ($13::text is null or r.address = $13)
         returning r.address, r.difficulty
       )
       select (select id from ins) as id, (select json_agg(json_build_array(address, difficulty)) from del) as shares`,
      [
        event.coin,
        mergedParent ?? null,
        event.height,
        event.hash,
        event.finder,
        event.worker ?? null,
        event.scheme,
        event.reward,
        event.fees,
        event.at,
        roundCoin,
        round,
        soloFinder,
      ],
    );
    const blockId = result.rows[0]?.id;
    if (blockId === null || blockId === undefined) return; // the same block reported twice
    // The round: what earlier batches wrote plus what this batch has not written yet.
    const roundShares = new Map<string, number>();
    for (const [address, difficulty] of result.rows[0]?.shares ?? [])
      roundShares.set(address, (roundShares.get(address) ?? 0) + difficulty);
    for (const [address, difficulty] of this.rounds.take(roundCoin, round, soloFinder ?? undefined)) {
      roundShares.set(address, (roundShares.get(address) ?? 0) + difficulty);
    }
    const roundDifficulty = [...roundShares.values()].reduce((sum, d) => sum + d, 0);

    let credits: Map<string, bigint>;
    let poolCut: bigint;
    if (soloFinder) {
      const credit = soloCredit(distributable, feePpm);
      credits = new Map(credit > 0n ? [[soloFinder, credit]] : []);
      poolCut = distributable - credit;
    } else {
      const split = propCredits(
        distributable,
        feePpm,
        [...roundShares].map(([address, difficulty]) => [address, difficultyWeight(difficulty)] as const),
      );
      credits = split.credits;
      poolCut = split.poolCut;
    }
    const networkDifficulty = await this.networkDifficulty(event.coin, event.at);
    this.blockUpdates.push({
      id: blockId,
      networkDifficulty,
      roundDifficulty,
      effort: networkDifficulty ? roundDifficulty / networkDifficulty : null,
      poolCut,
    });
    for (const [address, amount] of credits) {
      this.credits.push({ blockId, coin: event.coin, address, amount });
      this.ledger.push({ coin: event.coin, address, kind, mature: 0n, immature: amount, blockId, at: event.at });
    }
  }

  /** Applies the batch's block statuses in order: confirmations, maturing, orphaning. */
  private async flushStatuses(): Promise<void> {
    if (this.statuses.length === 0) return;
    const statuses = this.statuses;
    this.statuses = [];
    const found = await this.client.query<{ id: number; coin: string; hash: string; status: string; confirmations: number }>(
      `select b.id, b.coin, b.hash, b.status, b.confirmations from blocks b
       join unnest($1::text[], $2::text[]) as u(coin, hash) on b.coin = u.coin and b.hash = u.hash
       for update of b`,
      [statuses.map((s) => s.coin), statuses.map((s) => s.hash)],
    );
    const blocks = new Map(found.rows.map((row) => [`${row.coin}\u0000${row.hash}`, { ...row, changed: false }]));
    const finals: { id: number; coin: string; orphan: boolean; at: number }[] = [];
    for (const event of statuses) {
      const block = blocks.get(`${event.coin}\u0000${event.hash}`);
      if (!block || block.status !== 'pending') continue; // unknown, or already final
      const orphan = event.orphaned;
      const confirm = !orphan && event.confirmations >= this.requiredConfirmations(event.coin);
      block.confirmations = Math.max(block.confirmations, event.confirmations);
      block.changed = true;
      if (orphan || confirm) {
        block.status = orphan ? 'orphaned' : 'confirmed';
        finals.push({ id: block.id, coin: event.coin, orphan, at: event.at });
      }
    }
    if (finals.length > 0) {
      const credits = await this.client.query<{ block_id: number; address: string; amount: string }>(
        'select block_id, address, amount::text as amount from block_credits where block_id = any($1::int8[]) order by block_id, address',
        [finals.map((f) => f.id)],
      );
      const byBlock = new Map<number, { address: string; amount: bigint }[]>();
      for (const row of credits.rows) {
        const list = byBlock.get(row.block_id) ?? [];
        list.push({ address: row.address, amount: BigInt(row.amount) });
        byBlock.set(row.block_id, list);
      }
      for (const final of finals) {
        for (const credit of byBlock.get(final.id) ?? []) {
          const common = { coin: final.coin, address: credit.address, blockId: final.id, at: final.at };
          this.ledger.push({
            ...common,
            kind: final.orphan ? 'orphan' : 'confirm',
            mature: final.orphan ? 0n : credit.amount,
            immature: -credit.amount,
          });
        }
      }
    }
    const changed = [...blocks.values()].filter((block) => block.changed);
    if (changed.length > 0) {
      await this.client.query(
        `update blocks b set confirmations = u.c, status = u.s from unnest($1::int8[], $2::int4[], $3::text[]) as u(id, c, s) where b.id = u.id`,
        [changed.map((b) => b.id), changed.map((b) => b.confirmations), changed.map((b) => b.status)],
      );
    }
  }
}

export class EngineInputError extends Error {}

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let value = from; value <= to; value += step) out.push(value);
  return out;
}
