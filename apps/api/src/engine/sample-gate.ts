/**
 * Network samples pass a gate before the engine uses them (decisions 018 and 029). Ingest has
 * already refused a sample outside its chain's bounds; here a sample that jumps implausibly
 * from the last accepted one (`implausibleJump`) is held in `network_held` until the chain
 * confirms it by time: samples that keep agreeing with it for `JUMP_CONFIRMATIONS.spanMs` of
 * the coin's clock. Which source sends them does not matter: every source name is the same
 * ingest token. Meanwhile PPS, effort and the pages go on with the last accepted one.
 *
 * A sample dated before the newest accepted one is not used: the chain's history is what was
 * reported as it happened, and rewriting it (a sample slipped in just after an honest one 47
 * hours back) would reprice hours and move the breaker's reference. One of the same instant
 * replaces it, as a newer report would (a regtest node sends two in one millisecond).
 */
import type pg from 'pg';
import { implausibleJump, JUMP_CONFIRMATIONS, type TimedSample } from '@openpool/domain/chain-bounds';
import type { MinedTicker, NetworkEvent } from '@openpool/domain/events';

interface Candidate extends TimedSample {
  samples: number;
  /** Who reported it, for /health; not a confirmation. */
  sources: string[];
  /** The coin's clock when it was first held. */
  firstHeldAt: number;
}

export class SampleGate {
  private readonly lastAccepted = new Map<string, TimedSample | null>();
  private readonly candidates = new Map<string, Candidate | null>();
  private readonly client: pg.PoolClient;
  private readonly log: ((line: string) => void) | undefined;

  constructor(client: pg.PoolClient, log?: (line: string) => void) {
    this.client = client;
    this.log = log;
  }

  /**
   * True when the engine may use `event` now; false when it is held (and recorded as such) or
   * older than the newest sample the engine has. `clockMs` is the coin's clock (the newest event time it
   * has seen, never past the wall clock): what a hold's time is counted on.
   */
  async accept(event: NetworkEvent, source: string, clockMs: number): Promise<boolean> {
    const coin = event.coin;
    const last = await this.last(coin);
    if (last && event.at < last.at) return false;
    const jump = last ? implausibleJump(coin, last, event) : null;
    const candidate = await this.candidate(coin);
    if (!jump) {
      this.lastAccepted.set(coin, event);
      if (candidate) await this.clear(coin);
      return true;
    }
    // A jump: does it agree with the one already held?
    if (candidate && !implausibleJump(coin, candidate, event)) {
      const sources = candidate.sources.includes(source) ? candidate.sources : [...candidate.sources, source];
      const samples = candidate.samples + 1;
      const heldMs = clockMs - candidate.firstHeldAt;
      if (samples >= JUMP_CONFIRMATIONS.samples && heldMs >= JUMP_CONFIRMATIONS.spanMs) {
        this.log?.(
          `engine: ${coin}: network sample confirmed by ${samples} samples over ${Math.round(heldMs / 60_000)} minutes: ${jump}`,
        );
        this.lastAccepted.set(coin, event);
        await this.clear(coin);
        return true;
      }
      await this.hold(coin, event, jump, { samples, sources, firstHeldAt: candidate.firstHeldAt });
      return false;
    }
    this.log?.(`engine: ${coin}: network sample held until the chain confirms it: ${jump}`);
    await this.hold(coin, event, jump, { samples: 1, sources: [source], firstHeldAt: clockMs });
    return false;
  }

  private async last(coin: MinedTicker): Promise<TimedSample | null> {
    if (this.lastAccepted.has(coin)) return this.lastAccepted.get(coin) ?? null;
    const row = await this.client.query<{ at: Date; difficulty: number; hashrate: number; height: string; reward: string }>(
      `select at, difficulty, hashrate, height, reward::text as reward from network_samples where coin = $1 order by at desc limit 1`,
      [coin],
    );
    const found = row.rows[0];
    const sample = found
      ? {
          at: found.at.getTime(),
          difficulty: found.difficulty,
          hashrate: found.hashrate,
          height: Number(found.height),
          reward: found.reward,
        }
      : null;
    this.lastAccepted.set(coin, sample);
    return sample;
  }

  private async candidate(coin: MinedTicker): Promise<Candidate | null> {
    if (this.candidates.has(coin)) return this.candidates.get(coin) ?? null;
    const row = await this.client.query<{
      at: Date;
      difficulty: number;
      hashrate: number;
      height: string;
      reward: string;
      samples: number;
      sources: string[];
      first_held_at: Date;
    }>(
      `select at, difficulty, hashrate, height, reward::text as reward, samples, sources, first_held_at from network_held where coin = $1`,
      [coin],
    );
    const found = row.rows[0];
    const candidate = found
      ? {
          at: found.at.getTime(),
          difficulty: found.difficulty,
          hashrate: found.hashrate,
          height: Number(found.height),
          reward: found.reward,
          samples: found.samples,
          sources: found.sources,
          firstHeldAt: found.first_held_at.getTime(),
        }
      : null;
    this.candidates.set(coin, candidate);
    return candidate;
  }

  private async hold(
    coin: MinedTicker,
    event: NetworkEvent,
    reason: string,
    held: { samples: number; sources: string[]; firstHeldAt: number },
  ): Promise<void> {
    this.candidates.set(coin, { ...event, samples: held.samples, sources: held.sources, firstHeldAt: held.firstHeldAt });
    await this.client.query(
      `insert into network_held (coin, at, difficulty, hashrate, height, reward, reason, samples, sources, first_held_at)
       values ($1, to_timestamp($2 / 1000.0), $3, $4, $5, $6::numeric, $7, $8, $9, to_timestamp($10::float8 / 1000.0))
       on conflict (coin) do update set at = excluded.at, difficulty = excluded.difficulty, hashrate = excluded.hashrate,
         height = excluded.height, reward = excluded.reward, reason = excluded.reason, samples = excluded.samples,
         sources = excluded.sources, first_held_at = excluded.first_held_at`,
      [
        coin,
        event.at,
        event.difficulty,
        event.hashrate,
        event.height,
        event.reward,
        reason,
        held.samples,
        held.sources,
        held.firstHeldAt,
      ],
    );
  }

  private async clear(coin: MinedTicker): Promise<void> {
    this.candidates.set(coin, null);
    await this.client.query('delete from network_held where coin = $1', [coin]);
  }
}
