/**
 * What a share says beyond its credit (decision 023): the difficulty its
 * hash reached (best shares) and the hashrate the miner reports itself (reported beside
 * effective). Folded per batch like the other aggregates and written after the workers exist.
 */
import type pg from 'pg';
import type { ShareEvent } from '@openpool/domain/events';
import { BUCKET_S } from '../stats/windows.ts';

const BUCKET_MS = BUCKET_S * 1000;
const SEP = '\u0000';

interface WorkerKey {
  coin: string;
  address: string;
  worker: string;
  scheme: string;
}

/**
 * The records of a list of (time, difficulty): the entries harder than everything after them,
 * oldest first. The best since any moment is the first record at or after it.
 */
export function bestRecords(shares: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = [...shares].sort((a, b) => a[0] - b[0]);
  const records: [number, number][] = [];
  let best = -Infinity;
  for (let i = sorted.length - 1; i >= 0; i -= 1) {
    const [at, difficulty] = sorted[i]!;
    if (difficulty > best) {
      // Two shares of the same millisecond: one record, the harder (a key is a worker and a time).
      const last = records[records.length - 1];
      if (last && last[0] === at) last[1] = difficulty;
      else records.push([at, difficulty]);
      best = difficulty;
    }
  }
  return records.reverse();
}

export class WorkerExtras {
  private readonly best = new Map<string, { key: WorkerKey; shares: [number, number][] }>();
  private readonly reported = new Map<string, { key: WorkerKey; bucket: number; sum: number; n: number }>();

  add(share: ShareEvent): void {
    const id = share.coin + SEP + share.address + SEP + share.worker + SEP + share.scheme;
    const key = () => ({ coin: share.coin, address: share.address, worker: share.worker, scheme: share.scheme });
    if (share.status === 'valid' && share.actual_difficulty !== undefined) {
      let entry = this.best.get(id);
      if (!entry) this.best.set(id, (entry = { key: key(), shares: [] }));
      const shares = entry.shares;
      // In time order (the usual case) a share at least as hard as the last ones replaces them now.
      while (
        shares.length > 0 &&
        shares[shares.length - 1]![0] <= share.at &&
        shares[shares.length - 1]![1] <= share.actual_difficulty
      )
        shares.pop();
      shares.push([share.at, share.actual_difficulty]);
    }
    if (share.reported_hashrate !== undefined) {
      const bucket = share.at - (share.at % BUCKET_MS);
      const bucketId = id + SEP + bucket;
      const entry = this.reported.get(bucketId);
      if (entry) {
        entry.sum += share.reported_hashrate;
        entry.n += 1;
      } else this.reported.set(bucketId, { key: key(), bucket, sum: share.reported_hashrate, n: 1 });
    }
  }

  /** After the batch's workers are written: their ids, then one statement per table. */
  async flush(client: pg.PoolClient): Promise<void> {
    if (this.best.size === 0 && this.reported.size === 0) return;
    const keys = new Map<string, WorkerKey>();
    for (const { key } of [...this.best.values(), ...this.reported.values()])
      keys.set(key.coin + SEP + key.address + SEP + key.worker + SEP + key.scheme, key);
    const list = [...keys.values()];
    const ids = await client.query<{ id: number; coin: string; address: string; worker: string; scheme: string }>(
      `select w.id, w.coin, w.address, w.worker, w.scheme from workers w
       join unnest($1::text[], $2::text[], $3::text[], $4::text[]) as u(c, a, wk, s)
         on w.coin = u.c and w.address = u.a and w.worker = u.wk and w.scheme = u.s`,
      [list.map((k) => k.coin), list.map((k) => k.address), list.map((k) => k.worker), list.map((k) => k.scheme)],
    );
    const idOf = new Map(ids.rows.map((row) => [row.coin + SEP + row.address + SEP + row.worker + SEP + row.scheme, row.id]));
    const workerId = (key: WorkerKey) => idOf.get(key.coin + SEP + key.address + SEP + key.worker + SEP + key.scheme);

    const best: [number, number, number][] = [];
    for (const { key, shares } of this.best.values()) {
      const id = workerId(key);
      if (id !== undefined) for (const [at, difficulty] of bestRecords(shares)) best.push([id, at, difficulty]);
    }
    if (best.length > 0)
      await client.query(
        // New records go in unless a stored later one is at least as hard; stored records that a
        // new later one equals or beats go out. The table stays each worker's records.
        `with n as (select w, to_timestamp(t / 1000.0) as at, d from unnest($1::int8[], $2::float8[], $3::float8[]) as u(w, t, d)),
         gone as (
           delete from worker_best_shares b using n
           where b.worker_id = n.w and b.at < n.at and b.difficulty <= n.d
         )
         insert into worker_best_shares (worker_id, at, difficulty)
         select w, at, d from n
         where not exists (select 1 from worker_best_shares b where b.worker_id = n.w and b.at >= n.at and b.difficulty >= n.d)
         on conflict (worker_id, at) do update set difficulty = greatest(worker_best_shares.difficulty, excluded.difficulty)`,
        [best.map((r) => r[0]), best.map((r) => r[1]), best.map((r) => r[2])],
      );
    const reported = [...this.reported.values()].flatMap((entry) => {
      const id = workerId(entry.key);
      return id === undefined ? [] : [{ id, ...entry }];
    });
    if (reported.length > 0)
      await client.query(
        `insert into worker_reported as r (worker_id, bucket, reported_sum, reports)
         select w, to_timestamp(b / 1000.0), s, n from unnest($1::int8[], $2::float8[], $3::float8[], $4::int4[]) as u(w, b, s, n)
         on conflict (worker_id, bucket) do update set reported_sum = r.reported_sum + excluded.reported_sum,
           reports = r.reports + excluded.reports`,
        [reported.map((r) => r.id), reported.map((r) => r.bucket), reported.map((r) => r.sum), reported.map((r) => r.n)],
      );
    this.best.clear();
    this.reported.clear();
  }
}
