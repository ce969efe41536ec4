/**
 * Notifications end to end on real PostgreSQL and a real SMTP server on loopback: the
 * engine's share data, the watcher, the outbox, the sender and the mail links, with the
 * clock moved by hand. Each scenario counts the mails the server really received.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';
import { applyMinerEmail, confirmEmail, minerSubscriptions } from './subscriptions.ts';

const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const MIN = 60_000;
const PULSE = 'ltc1qpulse000000000000000000000000000000pppp';

let h: Harness;
let smtp: TestSmtpServer;
let seq = 0;
const mailDir = mkdtempSync(join(tmpdir(), 'op-mail-'));

const share = (address: string, worker: string, at: number): IngestEvent => ({
  type: 'share',
  seq: ++seq,
  coin: 'ltc',
  address,
  worker,
  scheme: 'pps',
  difficulty: 64,
  status: 'valid',
  ip: '203.0.113.10',
  at,
});

/** Moves the clock minute by minute; the listed workers (and the rest of the pool) keep sharing; the watcher runs each minute. */
async function run(minutes: number, active: readonly [string, string][], stepMs = MIN): Promise<void> {
  for (let i = 0; i < minutes; i += 1) {
    h.clock.now += stepMs;
    const events = [share(PULSE, 'p1', h.clock.now), ...active.map(([address, worker]) => share(address, worker, h.clock.now))];
    expect((await h.ingest('test', events)).statusCode).toBe(200);
    await h.notifier!.watchOnce();
    await h.notifier!.sendOnce();
  }
}

const mailsTo = (to: string) => smtp.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text.includes(to));
const subjects = (to: string) => mailsTo(to).map((mail) => mail.subject);
/** A header exactly as sent (mailparser turns List-* headers into objects). */
const rawHeader = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');
/** A mail's link: the site's page (decision 012), its token. */
const linkIn = (mail: ParsedMail, purpose: string) => {
  const match = new RegExp(`(http://site\\.test(?:/[a-z-]+)?/notify/${purpose})\\?token=([\\w.-]+)`).exec(mail.text ?? '');
  return { page: match![1]!, token: match![2]! };
};

/** What the API answers about a mail link: JSON, never sniffed, never stored. */
function expectJson(response: { headers: Record<string, unknown> }): void {
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['cache-control']).toBe('no-store');
}

async function subscribe(address: string, email: string, confirmed: boolean): Promise<number> {
  await applyMinerEmail(h.db.pool, { coin: 'ltc', address, email, locale: 'en', onOffline: true, onPayout: true }, h.clock.now);
  const sub = (await minerSubscriptions(h.db.pool, 'ltc', address)).find((s) => s.channel === 'email')!;
  if (confirmed) await confirmEmail(h.db.pool, sub.id, h.clock.now);
  return sub.id;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await createHarness(T0, { notify: { smtpUrl: smtp.url, mailDir } });
}, 120_000);

afterAll(async () => {
  await h.close();
  await smtp.close();
  await stopTestServer();
  rmSync(mailDir, { recursive: true, force: true });
});

// Scenarios of many steps on real PostgreSQL: minutes on a loaded machine are not a failure.
describe('e-mail notifications', { timeout: 120_000 }, () => {
  const A = 'ltc1qalice00000000000000000000000000000aaaa';

  it('sends nothing but the confirmation to an unconfirmed address, then offline and back online once each', async () => {
    await run(1, [
      [A, 'rig1'],
      [A, 'rig2'],
    ]);
    await subscribe(A, 'alice@example.test', false);
    await h.notifier!.sendOnce();
    expect(subjects('alice@example.test')).toEqual(['Confirm alerts about your LTC miner']);
    const confirmation = mailsTo('alice@example.test')[0]!;
    expect(rawHeader(confirmation, 'list-unsubscribe')).toBeUndefined();

    // rig2 stops while the address is unconfirmed: nothing is sent, and nothing is kept for later.
    await run(12, [[A, 'rig1']]);
    expect(subjects('alice@example.test')).toHaveLength(1);

    // The link opens the site's page in the subscriber's language (decision 012); the page reads
    // the subscription here, and its button (mail scanners open links) POSTs here.
    const link = linkIn(confirmation, 'confirm');
    expect(link.page).toBe('http://site.test/notify/confirm');
    const state = await h.app.inject({ method: 'GET', url: `/api/v1/notify/confirm/state?token=${link.token}` });
    expect(state.json()).toEqual({
      purpose: 'confirm',
      coin: 'ltc',
      address: A,
      recipient: 'alice@example.test',
      locale: 'en',
      confirmed: false,
      used: false,
    });
    expectJson(state);
    // A link to the API itself, as mails sent before the site's pages had, goes on to the page.
    const old = await h.app.inject({ method: 'GET', url: `/api/v1/notify/confirm?token=${link.token}` });
    expect(old.statusCode).toBe(303);
    expect(old.headers.location).toBe(`http://site.test/notify/confirm?token=${link.token}`);
    expect(old.headers['referrer-policy']).toBe('no-referrer');
    const confirmed = await h.app.inject({ method: 'POST', url: `/api/v1/notify/confirm?token=${link.token}` });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ purpose: 'confirm', confirmed: true });
    expectJson(confirmed);
    const forged = link.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await h.app.inject({ method: 'POST', url: `/api/v1/notify/confirm?token=${forged}` });
    expect(refused.statusCode).toBe(404);
    expectJson(refused);
    // A confirm link is no unsubscribe link.
    expect((await h.app.inject({ method: 'GET', url: `/api/v1/notify/unsubscribe/state?token=${link.token}` })).statusCode).toBe(
      404,
    );

    // rig2 had gone silent before the confirmation: not a change this subscription saw. It
    // comes back; then rig1 stops: 10 minutes of silence, the watcher finds it, and the
    // message waits a minute for others of the farm before it goes.
    await run(2, [
      [A, 'rig1'],
      [A, 'rig2'],
    ]);
    await run(10, [[A, 'rig2']]);
    expect(subjects('alice@example.test')).toHaveLength(1);
    await run(2, [[A, 'rig2']]);
    expect(subjects('alice@example.test')).toEqual(['Confirm alerts about your LTC miner', 'Workers offline: 1']);
    const offline = mailsTo('alice@example.test')[1]!;
    expect(offline.text).toContain('- rig1');
    expect(offline.text).not.toContain('rig2');
    expect(offline.html).toContain('<li>rig1</li>');
    expect(offline.messageId).toMatch(/^<[0-9a-f-]{36}@pool\.test>$/);
    expect(rawHeader(offline, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(offline, 'list-unsubscribe')).toMatch(/^<http:\/\/api\.test\/api\/v1\/notify\/unsubscribe\?token=[\w.-]+>$/);

    // Still offline for half an hour: still one message.
    await run(30, [[A, 'rig2']]);
    expect(subjects('alice@example.test')).toHaveLength(2);

    // Its next share brings it back: exactly one back-online message.
    await run(5, [
      [A, 'rig1'],
      [A, 'rig2'],
    ]);
    expect(subjects('alice@example.test')).toEqual([
      'Confirm alerts about your LTC miner',
      'Workers offline: 1',
      'Back online: 1',
    ]);
    expect(mailsTo('alice@example.test')[2]!.text).toMatch(/rig1 \(offline for \d+ min\)/);
  });

  it('tells a farm of 20 workers stopping together in one message, and their return in one', async () => {
    const F = 'ltc1qfarm000000000000000000000000000000ffff';
    const farm = Array.from({ length: 20 }, (_, i): [string, string] => [F, `rig${String(i).padStart(2, '0')}`]);
    await run(1, farm);
    await subscribe(F, 'farm@example.test', true);
    await run(14, []);
    expect(subjects('farm@example.test')).toEqual(['Workers offline: 20']);
    expect(mailsTo('farm@example.test')[0]!.text!.match(/^- rig\d\d$/gm)).toHaveLength(20);
    await run(3, farm);
    expect(subjects('farm@example.test')).toEqual(['Workers offline: 20', 'Back online: 20']);
  });

  it('tells a payout once, with its amount, tx id and explorer link, and the new balance', async () => {
    const P = 'ltc1qpayee00000000000000000000000000000pay0';
    await run(1, [[P, 'w1']]);
    await subscribe(P, 'payee@example.test', true);
    await h.db.pool.query(`insert into balances (coin, address, mature) values ('ltc', $1, 1500000)`, [P]);
    await h.db.pool.query(`insert into payouts (coin, address, amount, created_at) values ('ltc', $1, 12345678, $2)`, [
      P,
      new Date(h.clock.now),
    ]);
    expect(await h.engine.sendPayouts()).toBeGreaterThanOrEqual(1);
    expect(await h.engine.sendPayouts()).toBe(0);
    h.clock.now += 2 * MIN;
    await h.notifier!.sendOnce();
    await h.notifier!.sendOnce();
    // The site's amounts (6 decimals for LTC, as the payouts page shows 0.12345678), not the ledger's 8.
    expect(subjects('payee@example.test')).toEqual(['Payout sent: 0.123457 LTC']);
    const txid = (await h.db.pool.query<{ txid: string }>(`select txid from payouts where address = $1`, [P])).rows[0]!.txid;
    const mail = mailsTo('payee@example.test')[0]!;
    expect(mail.text).toContain(`Transaction: ${txid} <https://explorer.test/tx/${txid}>`);
    expect(mail.text).toContain('Balance now: 0.015000 LTC');
  });

  it('unsubscribes with one click from the List-Unsubscribe header, and nothing more is sent', async () => {
    const U = 'ltc1qleaver0000000000000000000000000000uuuu';
    await run(1, [[U, 'w1']]);
    await subscribe(U, 'leaver@example.test', true);
    await run(13, []);
    expect(subjects('leaver@example.test')).toEqual(['Workers offline: 1']);
    const header = String(rawHeader(mailsTo('leaver@example.test')[0]!, 'list-unsubscribe'));
    const url = /<http:\/\/api\.test([^>]+)>/.exec(header)![1]!;
    // RFC 8058: the mail program POSTs List-Unsubscribe=One-Click to the header's URL.
    const response = await h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    // Answered at once, never redirected (RFC 8058, section 3.2).
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ purpose: 'unsubscribe', address: U });
    expectJson(response);
    // The mail's own Unsubscribe link opens the site's page instead.
    expect(linkIn(mailsTo('leaver@example.test')[0]!, 'unsubscribe').page).toBe('http://site.test/notify/unsubscribe');
    // Done is done: a second click changes nothing and says so, without the address.
    const again = await h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      purpose: 'unsubscribe',
      coin: 'ltc',
      address: U,
      recipient: null,
      locale: 'en',
      confirmed: true,
      used: true,
    });
    const state = await h.app.inject({ method: 'GET', url: url.replace('/unsubscribe?', '/unsubscribe/state?') });
    expect(state.json()).toMatchObject({ used: true, recipient: null });
    // The record keeps no address: nothing in it names the mailbox.
    const kept = await h.db.pool.query('select * from notify_unsubscribed');
    expect(JSON.stringify(kept.rows)).not.toContain('@');
    // A link whose signature was altered is still not valid.
    const forged = await h.app.inject({
      method: 'GET',
      url: url.replace('/unsubscribe?', '/unsubscribe/state?').slice(0, -2) + 'AA',
    });
    expect(forged.statusCode).toBe(404);
    await run(3, [[U, 'w1']]);
    expect(subjects('leaver@example.test')).toHaveLength(1);
    expect(await minerSubscriptions(h.db.pool, 'ltc', U)).toEqual([]);
  });

  it('retries a refused delivery with backoff and counts one that fails for good on /health', async () => {
    const R = 'ltc1qretry00000000000000000000000000000rrrr';
    await run(1, [[R, 'w1']]);
    smtp.refuseNext(1);
    await subscribe(R, 'retry@example.test', false);
    await h.notifier!.sendOnce();
    expect(subjects('retry@example.test')).toEqual([]);
    h.clock.now += 31_000;
    await h.notifier!.sendOnce();
    expect(subjects('retry@example.test')).toEqual(['Confirm alerts about your LTC miner']);

    smtp.refuseNext(100);
    await subscribe(R, 'retry2@example.test', false);
    for (let i = 0; i < 12; i += 1) {
      await h.notifier!.sendOnce();
      h.clock.now += 3_600_000;
    }
    smtp.refuseNext(0);
    const rows = await h.db.pool.query<{ recipient: string; status: string; attempts: number }>(
      `select recipient, status, attempts from notify_outbox where status = 'failed'`,
    );
    expect(rows.rows).toContainEqual({ recipient: 'retry2@example.test', status: 'failed', attempts: 10 });
    const health = await h.get<{ notifications: { failed: number } }>('/health');
    expect(health.body.notifications.failed).toBe(rows.rows.length);
    expect(h.logs.some((line) => /confirm #\d+ to email failed for good after 10 attempt/.test(line))).toBe(true);
    expect(subjects('retry2@example.test')).toEqual([]);
  });

  it('takes the e-mail from the settings form: confirmation in the saving locale, removal, bad values refused', async () => {
    const S = 'ltc1qsettings000000000000000000000000000ssss';
    await run(1, [[S, 'w1']]);
    const url = `/ltc/api/v1/miner/settings/${S}`;
    const post = (payload: Record<string, unknown>) => h.app.inject({ method: 'POST', url, payload });
    expect((await post({ ip: '203.0.113.10', email: 'ivan@example.test', offline_after_min: 3 })).statusCode).toBe(400);
    expect((await post({ ip: '203.0.113.10', email: 'ivan@example.test', hashrate_drop_pct: 99 })).statusCode).toBe(400);
    const applied = await post({
      ip: '203.0.113.10',
      email: 'ivan@example.test',
      notify_offline: true,
      notify_payouts: false,
      offline_after_min: 15,
      locale: 'ru',
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().settings).toMatchObject({
      email_set: true,
      email_confirmed: false,
      notify_offline: true,
      notify_payouts: false,
      offline_after_min: 15,
      hashrate_drop_pct: null,
    });
    // Anyone may read the settings and alerts of a miner: never any part of the address (decision 028).
    for (const url of [`/ltc/api/v1/miner/settings/${S}`, `/ltc/api/v1/miner/alerts/${S}`]) {
      const open = await h.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.77' });
      expect(open.statusCode).toBe(200);
      expect(open.body).not.toContain('@');
      expect(open.body).not.toContain('example.test');
    }
    await h.notifier!.sendOnce();
    expect(subjects('ivan@example.test')).toEqual(['Подтвердите уведомления о вашем майнере LTC']);
    // The confirmation's link opens the site's page in Russian, the language the form was saved in.
    expect(linkIn(mailsTo('ivan@example.test')[0]!, 'confirm').page).toBe('http://site.test/ru/notify/confirm');
    expect((await post({ ip: '203.0.113.10', email: '' })).json().settings).toMatchObject({
      email_set: false,
      notify_offline: false,
    });
    expect(await minerSubscriptions(h.db.pool, 'ltc', S)).toEqual([]);
    // A wrong proof changes nothing and sends nothing.
    expect((await post({ ip: '198.51.100.99', email: 'thief@example.test' })).statusCode).toBe(403);
    await h.notifier!.sendOnce();
    expect(subjects('thief@example.test')).toEqual([]);
  });
});
