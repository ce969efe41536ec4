/** The settings' SQL: a miner's threshold, the worker-IP proof, and the one transaction that saves. */
import type pg from 'pg';
import { withTransaction } from '../db/transaction.ts';
import { applyMinerEmail, type MinerEmailChange } from '../notify/subscriptions.ts';

/** The miner's own threshold in units (null: the pool's default); undefined when no miners row exists yet. */
export async function minerThreshold(
  db: pg.Pool,
  coin: string,
  address: string,
): Promise<{ threshold: string | null } | undefined> {
  const { rows } = await db.query<{ payout_threshold: string | null }>(
    'select payout_threshold::text as payout_threshold from miners where coin = $1 and address = $2',
    [coin, address],
  );
  return rows[0] && { threshold: rows[0].payout_threshold };
}

/** Whether a worker of this miner sent shares from `ip` since `since`: the proof a change needs. */
export async function workerIpProves(db: pg.Pool, coin: string, address: string, ip: string, since: Date): Promise<boolean> {
  const proven = await db.query(
    `select 1 from workers where coin = $1 and address = $2 and last_ip = $3::inet and last_share_at >= $4 limit 1`,
    [coin, address, ip, since],
  );
  return (proven.rowCount ?? 0) > 0;
}

/**
 * The threshold and the e-mail subscription change together or not at all; a new e-mail
 * gets its confirmation written in the same transaction.
 */
export async function saveSettings(
  db: pg.Pool,
  change: MinerEmailChange & { threshold: bigint | null },
  nowMs: number,
  asker: { client: string; proof: string },
): Promise<void> {
  const { threshold, ...email } = change;
  await withTransaction(db, async (client) => {
    await client.query(
      'update miners set payout_threshold = coalesce($3::numeric, payout_threshold) where coin = $1 and address = $2',
      [email.coin, email.address, threshold?.toString() ?? null],
    );
    await applyMinerEmail(client, email, nowMs, asker);
  });
}

export interface WatcherLinkRow {
  id: number;
  label: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

/** A miner's watcher links, newest first (decision 023). */
export async function watcherLinks(db: pg.Pool, coin: string, address: string): Promise<WatcherLinkRow[]> {
  const { rows } = await db.query<WatcherLinkRow>(
    `select id, label, created_at, expires_at, revoked_at from watcher_links
     where coin = $1 and address = $2 order by created_at desc, id desc`,
    [coin, address],
  );
  return rows;
}

/** Links neither revoked nor expired at `now`. */
export async function liveWatcherLinkCount(db: pg.Pool, coin: string, address: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from watcher_links where coin = $1 and address = $2 and revoked_at is null and expires_at > $3',
    [coin, address, now],
  );
  return rows[0]?.n ?? 0;
}

export async function insertWatcherLink(
  db: pg.Pool,
  link: { tokenHash: string; coin: string; address: string; label: string; createdAt: Date; expiresAt: Date },
): Promise<WatcherLinkRow> {
  const { rows } = await db.query<WatcherLinkRow>(
    `insert into watcher_links (token_hash, coin, address, label, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)
     returning id, label, created_at, expires_at, revoked_at`,
    [link.tokenHash, link.coin, link.address, link.label, link.createdAt, link.expiresAt],
  );
  return rows[0]!;
}

/** Revokes one of the miner's links (a second revoke keeps the first moment); false when it is not theirs. */
export async function revokeWatcherLink(db: pg.Pool, id: number, coin: string, address: string, now: Date): Promise<boolean> {
  const revoked = await db.query(
    `update watcher_links set revoked_at = coalesce(revoked_at, $4) where id = $1 and coin = $2 and address = $3`,
    [id, coin, address, now],
  );
  return (revoked.rowCount ?? 0) > 0;
}

/** The miner a live link (by its token's hash) opens, if any. */
export async function liveWatcherTarget(
  db: pg.Pool,
  tokenHash: string,
  now: Date,
): Promise<{ coin: string; address: string; label: string; expires_at: Date } | undefined> {
  const { rows } = await db.query<{ coin: string; address: string; label: string; expires_at: Date }>(
    `select coin, address, label, expires_at from watcher_links
     where token_hash = $1 and revoked_at is null and expires_at > $2`,
    [tokenHash, now],
  );
  return rows[0];
}
