/**
 * Referral attribution (decisions 008 and 017). Reproduced first on
 * the code before each fix: a direct call with a `ref` cookie recorded a referral for any
 * address; then, with that closed, 31 of 31 kas top miners younger than 14 days
 * were still claimed with a direct call and a `ref` cookie written by hand. A
 * referral now needs the `ref_landing` cookie the web server signs on a landing through a
 * referral link; the landings here are signed as it signs them, with the shared secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { signReferralLanding } from '@openpool/domain/referral-landing';
import { createHarness, REFERRAL_SECRET, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;
const HOUR = 3_600_000;
let h: Harness;
let seq = 0;

const mined = (address: string, at: number): IngestEvent => ({
  type: 'share',
  seq: ++seq,
  coin: 'ltc',
  address,
  worker: 'rig',
  scheme: 'pps',
  difficulty: 1,
  status: 'valid',
  ip: '192.0.2.1',
  at,
});

/** What the web server sets on a landing through `?ref=` (apps/web/app/shared/referral.server.ts). */
const landing = (ref: string, at = NOW - 2 * DAY, secret = REFERRAL_SECRET) =>
  `ref=${ref}; ref_landing=${signReferralLanding(secret, ref, at)}`;

const track = (miner: string, cookie: string, client = '198.51.100.1') =>
  h.app.inject({
    method: 'GET',
    url: `/api/v1/referral/track?coin=ltc&miner=${miner}`,
    headers: { cookie, 'x-forwarded-for': client },
  });

const referralOf = async (address: string) =>
  (await h.db.pool.query(`select ref from referrals where address = $1`, [address])).rows;

beforeAll(async () => {
  h = await createHarness(NOW);
  const events = [mined('ltc1qveteran', NOW - DAY)];
  for (let i = 0; i < 12; i += 1) events.push(mined(`ltc1qnewminer${i}`, NOW - DAY));
  const ingested = await h.ingest('miners', events);
  expect(ingested.statusCode, JSON.stringify(ingested.body)).toBe(200);
  // The veteran started 200 days ago: older than the engine takes shares now (decision 018).
  await h.db.pool.query(`update miners set first_share_at = $1 where address = 'ltc1qveteran'`, [new Date(NOW - 200 * DAY)]);
});
afterAll(async () => {
  await h.close();
  await stopTestServer();
});

describe('a direct track call without a landing the site signed records nothing (403)', () => {
  it.each([
    ['a ref cookie written by hand', 'ref=thief'],
    ['no cookie at all', ''],
    ['a landing signed with another key', landing('thief', NOW - 2 * DAY, 'another-secret-0123456789abcdefghij')],
    ['a landing of another referral under a forged ref', landing('friend').replace('ref=friend', 'ref=thief')],
    [
      'a landing with its time moved back',
      landing('thief').replace(/ref_landing=(\d+)/, (_, s: string) => `ref_landing=${Number(s) - 86_400}`),
    ],
    ['a landing of the future', landing('thief', NOW + HOUR)],
    ['a landing older than 14 days', landing('thief', NOW - 15 * DAY)],
    ['a garbled landing', 'ref=thief; ref_landing=%zz'],
  ])('%s', async (_, cookie) => {
    const response = await track('ltc1qnewminer0', cookie, '203.0.113.9');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'referral_not_signed' });
    expect(await referralOf('ltc1qnewminer0')).toEqual([]);
  });

  it('and it costs the caller none of the rate limit (the signature is checked first)', async () => {
    for (let i = 0; i < 20; i += 1) expect((await track('ltc1qnewminer0', 'ref=thief', '203.0.113.77')).statusCode).toBe(403);
    expect((await track('ltc1qnewminer0', landing('friend'), '203.0.113.77')).json()).toEqual({ recorded: true });
  });
});

describe('a landing through a referral link, then the track call', () => {
  it('records the referral once; a second referral for the same miner does not overwrite it', async () => {
    expect((await track('ltc1qnewminer1', landing('friend'))).json()).toEqual({ recorded: true });
    expect((await track('ltc1qnewminer1', landing('friend'))).json()).toEqual({ recorded: false });
    expect((await track('ltc1qnewminer1', landing('thief', NOW - 3 * DAY), '203.0.113.9')).json()).toEqual({
      recorded: false,
    });
    expect(await referralOf('ltc1qnewminer1')).toEqual([{ ref: 'friend' }]);
  });

  it('brings one miner per landing: the same cookie cannot claim a second one', async () => {
    const cookie = landing('thief');
    expect((await track('ltc1qnewminer2', cookie, '203.0.113.20')).json()).toEqual({ recorded: true });
    expect((await track('ltc1qnewminer3', cookie, '203.0.113.21')).json()).toEqual({ recorded: false });
    expect(await referralOf('ltc1qnewminer3')).toEqual([]);
  });

  it('cannot claim a miner who was mining before the landing', async () => {
    // ltc1qnewminer4 started a day ago; this landing is from an hour ago.
    expect((await track('ltc1qnewminer4', landing('thief', NOW - HOUR))).json()).toEqual({ recorded: false });
    expect(await referralOf('ltc1qnewminer4')).toEqual([]);
    // Within the clock skew between the web server and the shares' clock, it still counts.
    expect((await track('ltc1qnewminer4', landing('friend', NOW - DAY + 60_000))).json()).toEqual({ recorded: true });
  });

  it('is never recorded for an address that has not mined here, nor for a miner of long standing', async () => {
    expect((await track('ltc1qnevermined', landing('friend'))).json()).toEqual({ recorded: false });
    expect(await referralOf('ltc1qnevermined')).toEqual([]);
    expect((await track('ltc1qveteran', landing('friend', NOW - 13 * DAY))).json()).toEqual({ recorded: false });
  });

  it('records at most five an hour per client', async () => {
    for (let i = 5; i <= 9; i += 1)
      expect((await track(`ltc1qnewminer${i}`, landing('friend'), '203.0.113.50')).json()).toEqual({ recorded: true });
    const limited = await track('ltc1qnewminer10', landing('friend'), '203.0.113.50');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not held back by it.
    expect((await track('ltc1qnewminer10', landing('friend'), '198.51.100.2')).json()).toEqual({ recorded: true });
  });

  it('keeps the landing that brought the miner', async () => {
    const cookie = landing('friend', NOW - 2 * DAY);
    expect((await track('ltc1qnewminer11', cookie, '198.51.100.3')).json()).toEqual({ recorded: true });
    const row = (
      await h.db.pool.query<{ landing_id: string; landed_at: Date }>(
        `select landing_id, landed_at from referrals where address = 'ltc1qnewminer11'`,
      )
    ).rows[0];
    expect(row?.landing_id).toBe(/ref_landing=\d+\.([^.]+)\./.exec(cookie)?.[1]);
    expect(row?.landed_at.getTime()).toBe(NOW - 2 * DAY);
  });
});
