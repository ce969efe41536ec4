/**
 * Watcher links (decision 023): created, listed and revoked with the settings proof; a live
 * link names its miner, a revoked or expired one is a 404 at once; nothing returned holds an IP,
 * an e-mail or a token after creation.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const ADDRESS = 'ltc1qwatcher00000000000000000000000000wtch';
const WORKER_IP = '198.51.100.61';
let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});
afterAll(async () => {
  await stopTestServer();
});

async function owner(): Promise<Harness> {
  h = await createHarness(NOW);
  const share = {
    type: 'share',
    seq: 1,
    coin: 'ltc',
    address: ADDRESS,
    worker: 'rig',
    scheme: 'pps',
    difficulty: 1,
    status: 'valid',
  };
  expect((await h.ingest('w', [{ ...share, ip: WORKER_IP, at: NOW - 60_000 } as never])).statusCode).toBe(200);
  return h;
}
const post = (harness: Harness, path: string, payload: object) =>
  harness.app.inject({
    method: 'POST',
    url: `/ltc/api/v1/miner/watchers/${ADDRESS}${path}`,
    payload,
    remoteAddress: '203.0.113.9',
  });

describe('watcher links', () => {
  it('needs the worker-IP proof, shows the token once, and a revoked link is a 404 at once', async () => {
    const harness = await owner();
    expect((await post(harness, '', { ip: '192.0.2.1', label: 'accountant', expires_days: 30 })).statusCode).toBe(403);
    expect((await post(harness, '', { ip: WORKER_IP, label: 'accountant', expires_days: 3 })).statusCode).toBe(400);
    const created = await post(harness, '', { ip: WORKER_IP, label: 'accountant', expires_days: 30 });
    expect(created.statusCode).toBe(201);
    const { token, link } = created.json() as { token: string; link: { id: number; expires_at: number } };
    expect(link.expires_at).toBe(NOW / 1000 + 30 * 86_400);
    const open = await harness.get<{ coin: string; address: string; label: string }>(`/api/v1/watch/${token}`);
    expect(open.statusCode).toBe(200);
    expect(open.body).toMatchObject({ coin: 'ltc', address: ADDRESS, label: 'accountant' });
    expect(open.headers['cache-control']).toBe('no-store');

    const listed = await post(harness, '/list', { ip: WORKER_IP });
    expect(listed.json()).toEqual({
      links: [{ id: link.id, label: 'accountant', created_at: NOW / 1000, expires_at: link.expires_at, revoked: false }],
    });
    for (const text of [listed.body, JSON.stringify(open.body)]) {
      expect(text).not.toContain(WORKER_IP);
      expect(text).not.toContain(token);
      expect(text).not.toMatch(/@/);
    }
    expect((await post(harness, '/list', { ip: '192.0.2.1' })).statusCode).toBe(403);

    const revoked = await post(harness, '/revoke', { ip: WORKER_IP, id: link.id });
    expect(revoked.statusCode).toBe(200);
    expect((await harness.get(`/api/v1/watch/${token}`)).statusCode).toBe(404);
    expect((revoked.json() as { links: { revoked: boolean }[] }).links[0]?.revoked).toBe(true);
  });

  it('stops opening the moment it expires; unknown or malformed tokens are 404', async () => {
    const harness = await owner();
    const { token } = (await post(harness, '', { ip: WORKER_IP, label: 'me', expires_days: 1 })).json() as { token: string };
    harness.clock.now += 86_400_000 - 1;
    expect((await harness.get(`/api/v1/watch/${token}`)).statusCode).toBe(200);
    harness.clock.now += 1;
    expect((await harness.get(`/api/v1/watch/${token}`)).statusCode).toBe(404);
    expect((await harness.get(`/api/v1/watch/${'x'.repeat(40)}`)).statusCode).toBe(404);
    expect((await harness.get('/api/v1/watch/short')).statusCode).toBe(404);
  });
});

describe('a watcher label a miner chose', () => {
  it('holding NUL is refused with a 400 (PostgreSQL text cannot hold it); any other Unicode is kept', async () => {
    const harness = await owner();
    const nul = await post(harness, '', { ip: WORKER_IP, label: 'acc\u0000ountant', expires_days: 30 });
    expect(nul.statusCode).toBe(400);
    const label = 'a\u2028b\u2029 🐸 \u202Ertl';
    const created = await post(harness, '', { ip: WORKER_IP, label, expires_days: 30 });
    expect(created.statusCode).toBe(201);
    expect((await post(harness, '/list', { ip: WORKER_IP })).json()).toMatchObject({ links: [{ label }] });
  });
});
