/**
 * kill -9 of the real API process with a notification written but not yet delivered (its
 * SMTP transaction hangs mid-message): after the restart the message arrives exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toNdjson } from '@openpool/domain/events';
import { guardFolder, type GuardedFolder } from '../testing/folder-guard.ts';
import { startSmtpServer, type TestSmtpServer } from '../testing/smtp.ts';

const SERVER = resolve(import.meta.dirname, '..', 'server.ts');
const TOKEN = 'notify-crash-token-0123456789';
const PORT = 19141;
const MINER = 'ltc1qcrashmail000000000000000000000000cccc';
/** A second miner whose confirmation, asked for after the first arrived, marks a later sender round. */
const MARKER = 'ltc1qcrashmarker0000000000000000000000mmmm';
const children = new Set<ChildProcess>();
const dirs: GuardedFolder[] = [];
let smtp: TestSmtpServer | undefined;

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await smtp?.close();
  // With its PostgreSQL: the API killed here (a failed test) leaves it running (decision 001).
  for (const dir of dirs.splice(0)) await dir.remove();
});

function startServer(dataDir: string, smtpUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER], {
    env: {
      // The server's own environment is under test; ours only passes PATH and the like.
      // eslint-disable-next-line no-restricted-properties
      ...process.env,
      DATA_DIR: dataDir,
      API_PORT: String(PORT),
      API_HOST: '127.0.0.1',
      SIMULATOR: 'off',
      INGEST_TOKEN: TOKEN,
      LOG_LEVEL: 'silent',
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'OpenPool <alerts@pool.test>',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolvePromise(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${output}`));
    });
  });
}

const api = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${PORT}${path}`, init);

const recipients = () => (smtp?.messages ?? []).map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : ''));

/** A share from `ip` for `address`, then alerts by e-mail for it: one confirmation in the outbox. */
async function askForAlerts(address: string, ip: string, email: string, seq: number): Promise<void> {
  const share = {
    type: 'share',
    seq,
    coin: 'ltc',
    address,
    worker: 'rig1',
    scheme: 'pps',
    difficulty: 64,
    status: 'valid',
    ip,
    at: Date.now(),
  };
  const ingest = await api('/internal/v1/events?source=crash-mail', {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
    body: toNdjson([share as never]),
  });
  expect(ingest.status).toBe(200);
  const saved = await api(`/ltc/api/v1/miner/settings/${address}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ip, email, notify_offline: true }),
  });
  expect(saved.status).toBe(200);
}

describe('notification outbox across kill -9', () => {
  it('delivers a notification written before the crash exactly once after the restart', { timeout: 150_000 }, async () => {
    smtp = await startSmtpServer();
    const dir = mkdtempSync(join(tmpdir(), 'op-notify-crash-'));
    dirs.push(guardFolder(dir));
    let server = await startServer(dir, smtp.url);

    // The confirmation is written with the settings; its delivery hangs in the SMTP data phase.
    const stalled = smtp.stallNext();
    await askForAlerts(MINER, '192.0.2.44', 'crash@example.test', 1);
    await stalled;
    // Dead once its exit is seen: nothing of it can reach the SMTP server any more.
    const exited = once(server, 'exit');
    server.kill('SIGKILL');
    await exited;
    expect(smtp.messages).toHaveLength(0);

    server = await startServer(dir, smtp.url);
    const [mail] = await smtp.waitFor(1, 60_000);
    expect(mail!.subject).toBe('Confirm alerts about your LTC miner');
    // A second confirmation, asked for now, is sent by a later round than the first: the outbox
    // goes in id order, so a first one left due would go out again before it. Once it is here,
    // the first has been seen exactly once.
    await askForAlerts(MARKER, '192.0.2.45', 'marker@example.test', 2);
    await smtp.waitFor(2, 60_000);
    expect(recipients()).toEqual(['crash@example.test', 'marker@example.test']);
    const health = (await (await api('/health')).json()) as { notifications: { pending: number; failed: number } };
    expect(health.notifications).toMatchObject({ pending: 0, failed: 0 });
    await new Promise<void>((resolvePromise) => {
      server.once('exit', () => resolvePromise());
      server.kill('SIGINT');
    });
  });
});
