/**
 * Referral attribution that cannot be stolen (issue 17, decision 008). A direct call with a
 * `ref` cookie used to claim any address first, even one that never mined, without limit.
 * Now a referral is recorded only for an address that has mined here and started within the
 * referral cookie's lifetime (a miner of long standing was not brought by today's link), the
 * first one is never overwritten, and a client records at most a few an hour.
 */
import type pg from 'pg';
import { REFERRAL_COOKIE } from '@openpool/domain/referral';
import { clientKey, createWindowCounter } from '../settings/rate-limit.ts';

export const REFERRAL_LIMITS = { perClientPerHour: 5, windowMs: 3_600_000 };

export type Attribution = { recorded: boolean } | { waitSeconds: number };

export function createReferralAttribution(db: pg.Pool) {
  const counter = createWindowCounter(db, REFERRAL_LIMITS.windowMs);
  return async function attribute(input: {
    coin: string;
    miner: string;
    ref: string;
    client: string;
    now: number;
  }): Promise<Attribution> {
    const key = `referral:${clientKey(input.client)}`;
    const wait = await counter.wait(key, REFERRAL_LIMITS.perClientPerHour, input.now);
    if (wait > 0) return { waitSeconds: wait };
    const since = new Date(input.now - REFERRAL_COOKIE.maxAgeSeconds * 1000);
    const result = await db.query(
      `insert into referrals (coin, address, ref)
       select $1, $2, $3 from miners where coin = $1 and address = $2 and first_share_at >= $4
       on conflict do nothing`,
      [input.coin, input.miner, input.ref, since],
    );
    const recorded = (result.rowCount ?? 0) > 0;
    if (recorded) await counter.add(key, input.now);
    return { recorded };
  };
}
