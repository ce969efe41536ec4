/**
 * Found blocks and their statuses within one batch: recording a block closes its round (see
 * rounds.ts for which, and what it pays), credits the round's miners immature, and a final
 * status matures or takes back those credits. Writes are gathered and flushed with the batch.
 */
import type pg from 'pg';
import { isCoinTicker, type MergedTicker } from '@openpool/domain/coins';
import type { BlockEvent, BlockStatusEvent } from '@openpool/domain/events';
import type { PoolConfig } from '@openpool/domain/pool-config';
import { difficultyWeight, foundBlockEffort, propCredits, soloCredit } from '@openpool/domain/rewards';
import type { LedgerEntry } from './ledger.ts';
import { roundClosedBy, type RoundClose } from './rounds.ts';
import type { AuditDraft, AuditWriter } from './audit.ts';
import { HISTORY_SCHEMA } from '../db/history-schema.ts';

interface BlockUpdate {
  id: number;
  networkDifficulty: number | null;
  /** Null: the round began before the data this engine holds. */
  roundDifficulty: number | null;
  effort: number | null;
  poolCut: bigint;
}

export interface BlockBookDeps {
  client: pg.PoolClient;
  config: PoolConfig;
  requiredConfirmations: (coin: string) => number;
  /** Takes the batch's not yet written round shares of a round (an address's only, for SOLO). */
  takeRound: (coin: string, round: string, address?: string) => Iterable<readonly [string, number]>;
  networkDifficulty: (coin: string, at: number) => Promise<number | null>;
  /** Where balance changes go: the batch applies them with its ledger. */
  addLedger: (entry: LedgerEntry) => void;
  /** Writes each block's audit record with its credits (decision 025); absent: none. */
  audit?: AuditWriter;
}

export class EngineInputError extends Error {}

export class BlockBook {
  private credits: { blockId: number; coin: string; address: string; amount: bigint }[] = [];
  private updates: BlockUpdate[] = [];
  private statuses: BlockStatusEvent[] = [];
  private audits: AuditDraft[] = [];
  private readonly deps: BlockBookDeps;

  constructor(deps: BlockBookDeps) {
    this.deps = deps;
  }

  status(event: BlockStatusEvent): void {
    this.statuses.push(event);
  }

  async block(event: BlockEvent): Promise<void> {
    const { client, config } = this.deps;
    const reward = BigInt(event.reward);
    const fees = BigInt(event.fees);
    const parent = event.merged_from ?? (!isCoinTicker(event.coin) ? config.merged.get(event.coin)?.parents[0] : undefined);
    const merged = parent ? { parent, feePpm: config.merged.get(event.coin as MergedTicker)?.feePpm ?? 0 } : undefined;
    const pool = isCoinTicker(event.coin) ? config.coins.get(event.coin) : undefined;
    const close = roundClosedBy({ coin: event.coin, scheme: event.scheme, finder: event.finder, reward, fees }, pool, merged);
    if (!close) throw new EngineInputError(`block of ${event.coin} without merged_from: it is not a pool of its own`);
    const { roundCoin, round, soloFinder } = close;

    // One statement: record the block and, only if it is new, close its round in the table.
    const result = await client.query<{ id: number | null; shares: [string, number][] | null }>(
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
        parent ?? null,
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
    for (const [address, difficulty] of this.deps.takeRound(roundCoin, round, soloFinder ?? undefined)) {
      roundShares.set(address, (roundShares.get(address) ?? 0) + difficulty);
    }
    const roundDifficulty = [...roundShares.values()].reduce((sum, d) => sum + d, 0);

    let credits: Map<string, bigint>;
    let poolCut: bigint;
    if (soloFinder) {
      const credit = soloCredit(close.distributable, close.feePpm);
      credits = new Map(credit > 0n ? [[soloFinder, credit]] : []);
      poolCut = close.distributable - credit;
    } else {
      const split = propCredits(
        close.distributable,
        close.feePpm,
        [...roundShares].map(([address, difficulty]) => [address, difficultyWeight(difficulty)] as const),
      );
      credits = split.credits;
      poolCut = split.poolCut;
    }
    const networkDifficulty = await this.deps.networkDifficulty(event.coin, event.at);
    const roundKnown = await this.roundBeganInData(blockId, event.coin, parent ?? null, event.scheme, soloFinder);
    // Without a difficulty yet (a merged chain's samples may come in another source, later),
    // fillDifficulties gives the block its effort when one arrives.
    this.updates.push({
      id: blockId,
      networkDifficulty,
      roundDifficulty: roundKnown ? roundDifficulty : null,
      effort: foundBlockEffort(event.coin, Boolean(parent), roundKnown ? roundDifficulty : null, networkDifficulty),
      poolCut,
    });
    if (this.deps.audit) this.audits.push(blockAuditDraft(event, blockId, close, roundShares, credits));
    for (const [address, amount] of credits) {
      this.credits.push({ blockId, coin: event.coin, address, amount });
      this.deps.addLedger({ coin: event.coin, address, kind: close.kind, mature: 0n, immature: amount, blockId, at: event.at });
    }
  }

  /**
   * Whether this block's round began within the data this engine holds. Not so for the first
   * block a first start's live engine closes in a round (decision 014): it starts with empty
   * rounds an hour back while the history fills (`sim_history` exists and this engine writes
   * `public`), so that round counts only the hour's shares and its effort would read too low
   * until the swap replaced it; it is left unknown instead. A round some earlier block closed
   * began after that block, inside the data. The history's own engine (in `sim_history`) saw
   * the whole round.
   */
  private async roundBeganInData(
    blockId: number,
    coin: string,
    mergedFrom: string | null,
    scheme: string,
    soloFinder: string | null,
  ): Promise<boolean> {
    const result = await this.deps.client.query<{ known: boolean }>(
      `select not (current_schema() = 'public' and to_regnamespace($6) is not null)
         or exists (select 1 from blocks where id <> $1 and coin = $2 and merged_from is not distinct from $3
           and ($3::text is not null or scheme = $4) and ($5::text is null or finder = $5)) as known`,
      [blockId, coin, mergedFrom, scheme, soloFinder, HISTORY_SCHEMA],
    );
    return result.rows[0]?.known ?? true;
  }

  /**
   * Gives the blocks of `coins` recorded before their chain's difficulty was in (network
   * difficulty null) the difficulty in force at each block, now that samples of those chains
   * have been written, and so their effort by the same rule as at recording. fb's samples come
   * in fb's own source while its merge-mined blocks come in btc's, and a first start's history
   * took btc's in first: every merged fb block read "—" for good. A block with no sample at or
   * before it stays as it is (its difficulty then is not known); call after `flush`.
   */
  async fillDifficulties(coins: readonly string[]): Promise<void> {
    if (coins.length === 0) return;
    const { client } = this.deps;
    const found = await client.query<{
      id: number;
      coin: string;
      merged_from: string | null;
      round_difficulty: number | null;
      difficulty: number;
    }>(
      `select b.id, b.coin, b.merged_from, b.round_difficulty, s.difficulty from blocks b
       cross join lateral (
         select difficulty from network_samples s where s.coin = b.coin and s.at <= b.found_at order by s.at desc limit 1
       ) s
       where b.coin = any($1::text[]) and b.network_difficulty is null`,
      [coins],
    );
    if (found.rows.length === 0) return;
    await client.query(
      `update blocks b set network_difficulty = u.nd, effort = u.e
       from unnest($1::int8[], $2::float8[], $3::float8[]) as u(id, nd, e) where b.id = u.id`,
      [
        found.rows.map((row) => row.id),
        found.rows.map((row) => row.difficulty),
        found.rows.map((row) => foundBlockEffort(row.coin, row.merged_from !== null, row.round_difficulty, row.difficulty)),
      ],
    );
  }

  /** Writes the gathered credits and block updates, then applies the statuses in order. */
  async flush(): Promise<void> {
    const { client } = this.deps;
    if (this.credits.length > 0) {
      const credits = this.credits;
      this.credits = [];
      await client.query(
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
    if (this.updates.length > 0) {
      const updates = this.updates;
      this.updates = [];
      await client.query(
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
    if (this.audits.length > 0 && this.deps.audit) {
      const audits = this.audits;
      this.audits = [];
      await this.deps.audit(client, audits);
    }
    await this.flushStatuses();
  }

  /** Applies the batch's block statuses in order: confirmations, maturing, orphaning. */
  private async flushStatuses(): Promise<void> {
    if (this.statuses.length === 0) return;
    const { client } = this.deps;
    const statuses = this.statuses;
    this.statuses = [];
    const found = await client.query<{ id: number; coin: string; hash: string; status: string; confirmations: number }>(
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
      const confirm = !orphan && event.confirmations >= this.deps.requiredConfirmations(event.coin);
      block.confirmations = Math.max(block.confirmations, event.confirmations);
      block.changed = true;
      if (orphan || confirm) {
        block.status = orphan ? 'orphaned' : 'confirmed';
        finals.push({ id: block.id, coin: event.coin, orphan, at: event.at });
      }
    }
    if (finals.length > 0) await this.settle(finals);
    const changed = [...blocks.values()].filter((block) => block.changed);
    if (changed.length > 0) {
      await client.query(
        `update blocks b set confirmations = u.c, status = u.s from unnest($1::int8[], $2::int4[], $3::text[]) as u(id, c, s) where b.id = u.id`,
        [changed.map((b) => b.id), changed.map((b) => b.confirmations), changed.map((b) => b.status)],
      );
    }
  }

  /** A confirmation moves each credit from immature to mature; an orphan takes it back. */
  private async settle(finals: { id: number; coin: string; orphan: boolean; at: number }[]): Promise<void> {
    const credits = await this.deps.client.query<{ block_id: number; address: string; amount: string }>(
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
        this.deps.addLedger({
          coin: final.coin,
          address: credit.address,
          blockId: final.id,
          at: final.at,
          kind: final.orphan ? 'orphan' : 'confirm',
          mature: final.orphan ? 0n : credit.amount,
          immature: -credit.amount,
        });
      }
    }
  }
}

/**
 * A block's audit record (decision 025): its inputs, and per miner of the round the difficulty
 * counted (the float its weight was read from) and the credit given, 0 included.
 */
function blockAuditDraft(
  event: BlockEvent,
  blockId: number,
  close: RoundClose,
  roundShares: ReadonlyMap<string, number>,
  credits: ReadonlyMap<string, bigint>,
): AuditDraft {
  const miners = new Map<string, { work: [string, string][]; credit: bigint }>();
  for (const [address, difficulty] of roundShares)
    miners.set(address, { work: [[close.round, String(difficulty)]], credit: credits.get(address) ?? 0n });
  // A SOLO finder without shares in its round is still paid: its leaf says so, with no work.
  for (const [address, credit] of credits) if (!miners.has(address)) miners.set(address, { work: [], credit });
  return {
    chain: close.roundCoin,
    kind: close.kind === 'block' ? 'prop' : (close.kind as 'fee_share' | 'solo' | 'merge'),
    coin: event.coin,
    at: event.at,
    blockId,
    inputs: {
      height: event.height,
      hash: event.hash,
      scheme: event.scheme,
      reward: event.reward,
      fees: event.fees,
      distributable: close.distributable.toString(),
      fee_ppm: close.feePpm,
      round: close.round,
    },
    miners,
  };
}
