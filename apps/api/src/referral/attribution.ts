/**
 * Referral attribution that cannot be claimed by a stranger
 * (decisions 008 and 017). A referral is recorded only
 * - from a landing through a referral link the web server signed (routes.ts checks it first),
 * - for an address that has mined here and whose first share came after that landing (within
 *   the clock skew): a link cannot have brought a miner who was mining already,
 * - once per miner (the first one stays) and once per landing (one landing brings one miner),
 * - at most a few an hour per client.
 */
import type pg from 'pg';
import { LANDING_CLOCK_SKEW_MS, type ReferralLanding } from '@openpool/domain/referral-landing';
import { clientKey } from '../http/client-network.ts';
import { createWindowCounter } from '../http/window-counter.ts';

export const REFERRAL_LIMITS = { perClientPerHour: 5, windowMs: 3_600_000 };

export type Attribution = { recorded: boolean } | { waitSeconds: number };

export function createReferralAttribution(db: pg.Pool) {
  const counter = createWindowCounter(db, REFERRAL_LIMITS.windowMs);
  return async function attribute(input: {
    coin: string;
    miner: string;
    ref: string;
    landing: ReferralLanding;
    client: string;
    now: number;
  }): Promise<Attribution> {
    const key = `referral:${clientKey(input.client)}`;
    const wait = await counter.wait(key, REFERRAL_LIMITS.perClientPerHour, input.now);
    if (wait > 0) return { waitSeconds: wait };
    // Both unique keys, (coin, address) and the landing, keep the first row: `do nothing`.
    const result = await db.query(
      `insert into referrals (coin, address, ref, landing_id, landed_at)
       select $1, $2, $3, $4, $5 from miners
       where coin = $1 and address = $2 and first_share_at >= $6
       on conflict do nothing`,
      [
        input.coin,
        input.miner,
        input.ref,
        input.landing.id,
        new Date(input.landing.landedAt),
        new Date(input.landing.landedAt - LANDING_CLOCK_SKEW_MS),
      ],
    );
    const recorded = (result.rowCount ?? 0) > 0;
    if (recorded) await counter.add(key, input.now);
    return { recorded };
  };
}
