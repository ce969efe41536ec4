/**
 * Mail limits (decision 016), on real PostgreSQL and a real SMTP server: 330 settings saves gave 330
 * confirmation mails to one victim in 36 s. Now a recipient gets at most 3 links a day,
 * whoever asks, and none for 7 days after 3 it never confirmed; a miner and a client network
 * may ask for only so many; the senders of every replica together stay inside the mail
 * budget, and what is over waits. Figures: MAIL_LIMITS and decision 016.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';
import { createMailer } from './mailer.ts';
import { MAIL_LIMITS, recipientKey } from './mail-limits.ts';
import { enqueue } from './outbox.ts';
import { createNotifySender } from './sender.ts';
import { minerSubscriptions } from './subscriptions.ts';

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY_S = 86_400;
let h: Harness | undefined;
let smtp: TestSmtpServer;
let seq = 0;
const mailDir = mkdtempSync(join(tmpdir(), 'op-mail-'));

const miner = (i: number) => `ltc1qmail${String(i).padStart(33, '0')}`;
/** Miner i's worker mines from 198.51.(i / 250).(i % 250 + 1): its settings proof. */
const workerIp = (i: number) => `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
/** A client in a /24 of its own. */
const network = (i: number) => `100.${64 + Math.floor(i / 256)}.${i % 256}.10`;

/** Miners 0 … count-1 send a share a minute ago: their workers' IPs prove settings for 24 hours. */
async function mine(count: number): Promise<void> {
  const shares: IngestEvent[] = Array.from({ length: count }, (_, i) => ({
    type: 'share',
    seq: ++seq,
    coin: 'ltc',
    address: miner(i),
    worker: 'rig',
    scheme: 'pps',
    difficulty: 1,
    status: 'valid',
    ip: workerIp(i),
    at: h!.clock.now - 60_000,
  }));
  if (count > 0) expect((await h!.ingest('mail', shares)).statusCode).toBe(200);
}

async function withMiners(count: number, notify: { mailPerMinute?: number; mailPerHour?: number } = {}): Promise<Harness> {
  h = await createHarness(T0, { notify: { smtpUrl: smtp.url, mailDir, ...notify }, logLevel: 'warn' });
  await mine(count);
  return h;
}

/** A settings save of miner i naming an e-mail, from a client of network n. */
const save = (i: number, email: string, n: number) =>
  h!.app.inject({
    method: 'POST',
    url: `/ltc/api/v1/miner/settings/${miner(i)}`,
    payload: { ip: workerIp(i), email, payout_threshold: '1' },
    remoteAddress: network(n),
  });
const mailsTo = (key: string) =>
  smtp.messages.filter((mail) => mail.to && 'text' in mail.to && recipientKey(mail.to.text) === key).length;
/** The mail's link opens the site's page, whose button POSTs the token to the API (decision 012). */
const confirmLinkOf = (i: number) => {
  const token = /http:\/\/site\.test\/notify\/confirm\?token=([\w.-]+)/.exec(
    smtp.messages.findLast((mail) => mail.text?.includes(miner(i)))?.text ?? '',
  )?.[1];
  return token === undefined ? undefined : `/api/v1/notify/confirm?token=${token}`;
};

beforeAll(async () => {
  smtp = await startSmtpServer();
}, 120_000);
afterEach(async () => {
  await h?.close();
  h = undefined;
  smtp.messages.length = 0;
});
afterAll(async () => {
  await smtp.close();
  await stopTestServer();
  rmSync(mailDir, { recursive: true, force: true });
});

// Hundreds of requests and sender rounds on real PostgreSQL: minutes on a loaded machine are not a failure.
describe('mail limits', { timeout: 180_000 }, () => {
  it('300 saves naming one victim, from 60 miners and 300 networks, deliver 3 mails', async () => {
    await withMiners(60);
    const statuses: Record<string, number> = {};
    // The victim spelled as an attacker would: case, +tags, the same address again.
    const spellings = (k: number) => ['victim@example.test', 'Victim@Example.TEST', `victim+${k}@example.test`][k % 3]!;
    for (let k = 0; k < 300; k += 1) {
      const response = await save(k % 60, spellings(k), k);
      const key = response.statusCode === 200 ? '200' : `${response.statusCode} ${response.json().error}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      // The sender runs every 2 s in the service: as often here, with the clock moving on.
      if (k % 10 === 9) {
        h!.clock.now += 2_000;
        await h!.notifier!.sendOnce();
      }
    }
    h!.clock.now += 60_000;
    await h!.notifier!.sendOnce();
    expect(statuses).toEqual({ '200': 3, '429 mail_recipient_quiet': 297 });
    expect(mailsTo('victim@example.test')).toBe(MAIL_LIMITS.perRecipientPerDay);
    expect(smtp.messages).toHaveLength(3);
    // Every refusal is in the operator's log with its reason.
    const refusals = h!.appLogs.filter((line) => line.includes('"refused":"mail_recipient_quiet"'));
    expect(refusals).toHaveLength(297);
  });

  it('a recipient who never confirms is left alone 7 days after 3 links, then gets one more', async () => {
    await withMiners(10);
    for (let i = 0; i < 3; i += 1) {
      expect((await save(i, 'quiet@example.test', i)).statusCode).toBe(200);
      h!.clock.now += 3_600_000;
    }
    const refused = await save(3, 'quiet@example.test', 3);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'mail_recipient_quiet' });
    // 7 days from the third link, sent an hour ago.
    expect(Number(refused.headers['retry-after'])).toBe(7 * DAY_S - 3600);
    // Nothing was written: miner 3 has no e-mail.
    expect(await minerSubscriptions(h!.db.pool, 'ltc', miner(3))).toEqual([]);
    h!.clock.now += 6 * DAY_S * 1000;
    await mine(10);
    expect((await save(4, 'quiet@example.test', 4)).statusCode).toBe(429);
    h!.clock.now += DAY_S * 1000;
    await mine(10);
    expect((await save(5, 'quiet@example.test', 5)).statusCode).toBe(200);
    expect((await save(6, 'quiet@example.test', 6)).json()).toMatchObject({ error: 'mail_recipient_quiet' });
    await h!.notifier!.sendOnce();
    expect(mailsTo('quiet@example.test')).toBe(4);
  });

  it('a recipient who confirms gets at most 3 links a day: confirmations count', async () => {
    await withMiners(10);
    const asked: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      expect((await save(i, 'keen@example.test', i)).statusCode).toBe(200);
      asked.push(h!.clock.now);
      await h!.notifier!.sendOnce();
      // The real link, followed: the recipient answers every time.
      const link = confirmLinkOf(i)!;
      const confirmed = await h!.app.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(confirmed.statusCode).toBe(200);
      h!.clock.now += 3_600_000;
    }
    const fourth = await save(3, 'keen@example.test', 3);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ error: 'mail_recipient_limit' });
    expect(Number(fourth.headers['retry-after'])).toBe((asked[0]! + DAY_S * 1000 - h!.clock.now) / 1000);
    h!.clock.now = asked[0]! + DAY_S * 1000 + 1000;
    await mine(10);
    expect((await save(3, 'keen@example.test', 3)).statusCode).toBe(200);
    await h!.notifier!.sendOnce();
    expect(mailsTo('keen@example.test')).toBe(4);
  });

  it('limits how many links one miner and one network may ask for, and a refused save changes nothing', async () => {
    await withMiners(20);
    // Miner 0, from a new network each time, naming a new recipient each time: 5 a day.
    for (let k = 0; k < MAIL_LIMITS.perMinerPerDay; k += 1)
      expect((await save(0, `spray${k}@example.test`, 100 + k)).statusCode).toBe(200);
    const sixth = await save(0, 'spray99@example.test', 199);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      error: 'mail_asker_limit',
      message: expect.stringMatching(/miner or from your network/),
    });
    expect(Number(sixth.headers['retry-after'])).toBe(DAY_S);
    expect((await minerSubscriptions(h!.db.pool, 'ltc', miner(0)))[0]!.recipient).toBe('spray4@example.test');
    // One network (network 7, any of its addresses), through many miners: 10 a day.
    for (let i = 1; i <= MAIL_LIMITS.perNetworkPerDay; i += 1)
      expect((await save(i, `net${i}@example.test`, 7)).statusCode).toBe(200);
    const eleventh = await h!.app.inject({
      method: 'POST',
      url: `/ltc/api/v1/miner/settings/${miner(15)}`,
      payload: { ip: workerIp(15), email: 'net15@example.test' },
      remoteAddress: network(7).replace(/\.10$/, '.77'),
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ error: 'mail_asker_limit' });
    // Saves naming no e-mail ask for nothing and are never refused by these limits.
    const threshold = await h!.app.inject({
      method: 'POST',
      url: `/ltc/api/v1/miner/settings/${miner(15)}`,
      payload: { ip: workerIp(15), payout_threshold: '2' },
      remoteAddress: network(7),
    });
    expect(threshold.statusCode).toBe(200);
  });

  it('keeps every replica inside the mail budget; what is over waits and is not lost', async () => {
    await withMiners(0, { mailPerMinute: 5, mailPerHour: 12 });
    const db = h!.db.pool;
    for (let i = 0; i < 20; i += 1) {
      const sub = await db.query<{ id: string }>(
        `insert into notify_subscriptions (coin, address, channel, recipient, locale, confirmed_at, created_at)
         values ('ltc', $1, 'email', $2, 'en', $3, $3) returning id`,
        [miner(i), `budget${i}@example.test`, new Date(T0)],
      );
      const to = { subscriptionId: Number(sub.rows[0]!.id), channel: 'email' as const, recipient: `budget${i}@example.test` };
      await enqueue(db, { ...to, locale: 'en', coin: 'ltc', address: miner(i) }, 'payout', { amount: '100', txid: `t${i}` }, T0);
    }
    // A second replica's sender on the same database, with its own SMTP connection.
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'OpenPool <alerts@pool.test>', dir: mailDir });
    const render = {
      siteName: 'OpenPool',
      siteUrl: 'http://site.test',
      apiUrl: 'http://api.test',
      amount: (_coin: string, units: string) => units,
      txLink: () => null,
      link: () => 'http://site.test/notify/x',
      oneClick: () => 'http://api.test/x',
    };
    const replicaLog: string[] = [];
    const replica = createNotifySender({
      db,
      render,
      mailer,
      now: () => h!.clock.now,
      maxPerHour: 10,
      mailBudget: { perMinute: 5, perHour: 12 },
      log: (line) => replicaLog.push(line),
    });
    const both = () => Promise.all([h!.notifier!.sendOnce(), replica.runOnce()]);
    try {
      await both();
      expect(smtp.messages).toHaveLength(5);
      await both();
      expect(smtp.messages).toHaveLength(5);
      h!.clock.now += 61_000;
      await both();
      expect(smtp.messages).toHaveLength(10);
      h!.clock.now += 61_000;
      await both();
      // The hour's 12 are spent though the minute has room.
      expect(smtp.messages).toHaveLength(12);
      h!.clock.now += 10 * 61_000;
      await both();
      expect(smtp.messages).toHaveLength(12);
      const pending = await db.query<{ n: number }>(`select count(*)::int as n from notify_outbox where status = 'pending'`);
      expect(pending.rows[0]!.n).toBe(8);
      // An hour after the first ones, the rest go, still 5 a minute.
      h!.clock.now = T0 + 3_600_000 + 1000;
      await both();
      expect(smtp.messages).toHaveLength(17);
      h!.clock.now += 61_000;
      await both();
      expect(smtp.messages).toHaveLength(20);
      const statuses = await db.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from notify_outbox group by status',
      );
      expect(statuses.rows).toEqual([{ status: 'sent', n: 20 }]);
      expect(new Set(smtp.messages.map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : ''))).size).toBe(20);
      // Said once per spell of waiting, not every round.
      const said = [...h!.logs, ...replicaLog].filter((line) => line.includes('mail budget spent'));
      expect(said.length).toBeGreaterThanOrEqual(1);
      expect(said.length).toBeLessThanOrEqual(6);
    } finally {
      mailer.close();
    }
  });

  it('21 spellings of one Proton mailbox on its 4 domains are one recipient: 3 mails', async () => {
    await withMiners(21);
    const names = ['firstlast', 'first.last', 'first-last', 'first_last', 'fi.rst_la-st', 'First.Last+pool', 'firstlast+x'];
    const domains = ['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'];
    const statuses: number[] = [];
    for (let k = 0; k < 21; k += 1) statuses.push((await save(k, `${names[k % 7]}@${domains[k % 4]}`, k)).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    await h!.notifier!.sendOnce();
    expect(smtp.messages).toHaveLength(3);
  });

  it('the owner, proven by a worker on a network of his own, gets a link whatever strangers asked', async () => {
    await withMiners(3);
    // Three strangers' miners (their workers in 198.51.0.0/24) name the owner's mailbox.
    for (let i = 0; i < 3; i += 1) expect((await save(i, 'owner@proton.me', i)).statusCode).toBe(200);
    // The owner's miner mines from 203.0.113.7; the owner saves from his phone, another network.
    const owner = miner(900);
    const share = { type: 'share', seq: ++seq, coin: 'ltc', address: owner, worker: 'rig', scheme: 'pps', difficulty: 1 };
    const ownerShare = { ...share, status: 'valid', ip: '203.0.113.7', at: h!.clock.now - 60_000 } as IngestEvent;
    expect((await h!.ingest('mail', [ownerShare])).statusCode).toBe(200);
    const ownerSave = () =>
      h!.app.inject({
        method: 'POST',
        url: `/ltc/api/v1/miner/settings/${owner}`,
        payload: { ip: '203.0.113.7', email: 'Owner@pm.me' },
        remoteAddress: '192.0.2.200',
      });
    // Before: the quiet rule refused him for 7 days (Retry-After: 602607).
    const first = await ownerSave();
    expect(first.statusCode).toBe(200);
    await h!.notifier!.sendOnce();
    expect(smtp.messages.filter((mail) => mail.text?.includes(owner))).toHaveLength(1);
    // Strangers from the strangers' network stay refused: the lane is one network's, once a week.
    const stranger = await save(1, 'owner@protonmail.com', 50);
    expect(stranger.json()).toMatchObject({ error: 'mail_recipient_quiet' });
    // Following the link ends the quiet; the 3 a day still hold.
    const confirmed = await h!.app.inject({
      method: 'POST',
      url: confirmLinkOf(900)!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await save(2, 'owner@pm.me', 51)).json()).toMatchObject({ error: 'mail_recipient_limit' });
  });

  it('counts an IPv6 /48 as well as its /56s: 30 links a day from one /48', async () => {
    await withMiners(8);
    const from48 = (k: number) => `2001:db8:77:${(k * 256).toString(16)}::5`;
    const statuses: number[] = [];
    for (let k = 0; k < MAIL_LIMITS.perIpv6SitePerDay + 1; k += 1) {
      const response = await h!.app.inject({
        method: 'POST',
        url: `/ltc/api/v1/miner/settings/${miner(k % 8)}`,
        payload: { ip: workerIp(k % 8), email: `v6-${k}@example.test` },
        remoteAddress: from48(k),
      });
      statuses.push(response.statusCode);
      if (k === MAIL_LIMITS.perIpv6SitePerDay) expect(response.json()).toMatchObject({ error: 'mail_asker_limit' });
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAIL_LIMITS.perIpv6SitePerDay);
  });

  it('reads a forwarded ip:port as its address: a source port is not a new network', async () => {
    await withMiners(12);
    const statuses: number[] = [];
    for (let k = 0; k <= MAIL_LIMITS.perNetworkPerDay; k += 1) {
      const response = await h!.app.inject({
        method: 'POST',
        url: `/ltc/api/v1/miner/settings/${miner(k)}`,
        payload: { ip: workerIp(k), email: `port-${k}@example.test` },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': k % 2 ? `198.18.5.${k}:${40_000 + k}` : `[::ffff:198.18.5.${k}]:443` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAIL_LIMITS.perNetworkPerDay);
    expect(statuses.at(-1)).toBe(429);
  });

  it('knows one mailbox by its key', () => {
    expect(recipientKey('Victim+Spam@Example.TEST')).toBe('victim@example.test');
    expect(recipientKey('v.i.c.t.i.m+1@googlemail.com')).toBe('victim@gmail.com');
    expect(recipientKey('v.ictim@example.test')).toBe('v.ictim@example.test');
  });
});
