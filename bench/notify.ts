// `npm run bench:notify`: the notification path on loopback, in one process, against the
// embedded PostgreSQL and a real SMTP server (smtp-server). Measured in the same run:
//  - sending N mails through the outbox (lock a row, check its subscription, render, SMTP,
//    commit) next to sending the same N mails straight through nodemailer (the baseline:
//    SMTP alone), so the figure is the outbox's cost, not the machine's speed;
//  - one watcher round over S subscriptions of W workers each, quiet (nobody changes) and
//    with every worker going offline, next to a `select 1` round trip.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { createNotifier } from '../apps/api/src/notify/notifier.ts';
import { enqueue } from '../apps/api/src/notify/outbox.ts';
import { POOL_CONFIG, SITE_CONFIG } from '../apps/api/src/testing/harness.ts';
import { createTestDatabase, stopTestServer } from '../apps/api/src/testing/database.ts';
import { startSmtpServer } from '../apps/api/src/testing/smtp.ts';

const MAILS = Number(process.env.BENCH_NOTIFY_MAILS ?? 300);
const SUBSCRIPTIONS = Number(process.env.BENCH_NOTIFY_SUBSCRIPTIONS ?? 200);
const WORKERS = Number(process.env.BENCH_NOTIFY_WORKERS ?? 20);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const smtp = await startSmtpServer();
const db = await createTestDatabase();
const mailDir = mkdtempSync(join(tmpdir(), 'op-bench-mail-'));
const clock = { now: Date.UTC(2026, 10, 20, 12) };
const ctx = { db: db.pool, pool: POOL_CONFIG, site: SITE_CONFIG, now: () => clock.now, memoMs: 0 };
const notifier = await createNotifier({
  ctx,
  env: {
    siteUrl: 'http://site.test',
    apiUrl: 'http://api.test',
    mailFrom: 'OpenPool <alerts@pool.test>',
    smtpUrl: smtp.url,
    mailDir,
    offlineAfterS: 600,
    maxPerHour: 1_000_000,
    mailPerMinute: 1_000_000,
    mailPerHour: 1_000_000,
  },
  txExplorers: {},
  log: () => undefined,
});

try {
  // Baseline: the same number of mails straight through nodemailer to the same server.
  const direct = nodemailer.createTransport(smtp.url);
  const directMs = await timed(async () => {
    for (let i = 0; i < MAILS; i += 1)
      await direct.sendMail({
        from: 'a@pool.test',
        to: `m${i}@example.test`,
        subject: 'Workers offline: 1',
        text: 'rig1',
        html: '<p>rig1</p>',
      });
  });
  direct.close();

  const start = new Date(clock.now - 3_600_000);
  await db.pool.query(
    `insert into notify_subscriptions (coin, address, channel, recipient, locale, confirmed_at, created_at)
     select 'ltc', 'ltc1qbench' || i, 'email', 'm' || i || '@example.test', 'en', $1, $1 from generate_series(1, $2) as i`,
    [start, SUBSCRIPTIONS],
  );
  const subs = (
    await db.pool.query<{ id: string; address: string; recipient: string }>(
      'select id, address, recipient from notify_subscriptions',
    )
  ).rows;
  for (let i = 0; i < MAILS; i += 1) {
    const sub = subs[i % subs.length]!;
    await enqueue(
      db.pool,
      {
        subscriptionId: Number(sub.id),
        channel: 'email',
        recipient: sub.recipient,
        locale: 'en',
        coin: 'ltc',
        address: sub.address,
      },
      'offline',
      { workers: [{ worker: 'rig1', since: 0 }], delay_s: 600 },
      clock.now,
    );
  }
  const before = smtp.messages.length;
  const outboxMs = await timed(() => notifier.sendOnce());
  if (smtp.messages.length - before !== MAILS) throw new Error(`sent ${smtp.messages.length - before} of ${MAILS}`);

  // The watcher: S subscriptions of W workers, last share a minute ago (quiet), then 20 min ago.
  await db.pool.query(`insert into engine_clock (coin, event_time, hours_done) values ('ltc', $1, $1)`, [new Date(clock.now)]);
  await db.pool.query(
    `insert into miners (coin, address, first_share_at, last_share_at) select 'ltc', 'ltc1qbench' || i, $1, $1 from generate_series(1, $2) as i`,
    [new Date(clock.now - 60_000), SUBSCRIPTIONS],
  );
  await db.pool.query(
    `insert into workers (coin, address, worker, scheme, first_share_at, last_share_at)
     select 'ltc', 'ltc1qbench' || i, 'rig' || w, 'pps', $1, $1 from generate_series(1, $2) as i, generate_series(1, $3) as w`,
    [new Date(clock.now - 60_000), SUBSCRIPTIONS, WORKERS],
  );
  await db.pool.query('analyze');
  const selectOne: number[] = [];
  const quiet: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    selectOne.push(await timed(() => db.pool.query('select 1')));
    quiet.push(await timed(() => notifier.watchOnce()));
  }
  clock.now += 20 * 60_000;
  await db.pool.query(`update engine_clock set event_time = $1`, [new Date(clock.now)]);
  let offline = 0;
  const allOfflineMs = await timed(async () => (offline = (await notifier.watchOnce()).offline));

  const workers = SUBSCRIPTIONS * WORKERS;
  console.log(`notify bench (${MAILS} mails, ${SUBSCRIPTIONS} subscriptions x ${WORKERS} workers = ${workers} watched workers)`);
  console.log(
    `  SMTP alone (baseline):   ${(directMs / MAILS).toFixed(2)} ms a mail, ${((MAILS * 1000) / directMs).toFixed(0)} mails/s`,
  );
  console.log(
    `  through the outbox:      ${(outboxMs / MAILS).toFixed(2)} ms a mail, ${((MAILS * 1000) / outboxMs).toFixed(0)} mails/s`,
  );
  console.log(`  select 1 (baseline):     ${median(selectOne).toFixed(2)} ms (median of 7)`);
  console.log(`  watcher round, quiet:    ${median(quiet).toFixed(1)} ms (median of 7)`);
  console.log(`  watcher round, ${offline} workers going offline: ${allOfflineMs.toFixed(1)} ms`);
} finally {
  await notifier.stop();
  await db.close();
  await stopTestServer();
  await smtp.close();
  rmSync(mailDir, { recursive: true, force: true });
}
