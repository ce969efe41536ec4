import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHtmlCache } from './html-cache.server';
import { deflateParts, gzipMember } from './gzip-member.server';

let base = '';
let renders = 0;
/** Paths whose render waits until the test releases it, to hold a render in flight. */
const held = new Map<string, () => void>();
let clock = 0;
const cache = createHtmlCache({
  ttlMs: 5000,
  maxBytes: 64 * 1024,
  now: () => clock,
  pageParams: ['cookie', 'private', 'range'],
  rootLocale: (_cookie, lang) => (lang?.startsWith('ru') ? 'ru' : 'en'),
});
const app = express();
app.use(cache.middleware);
app.get(/.*/, async (req, res) => {
  renders += 1;
  const rendered = renders;
  if (req.path.startsWith('/held')) await new Promise<void>((release) => held.set(req.path, release));
  const nonce = String(res.locals.nonce);
  if (req.query.cookie) res.setHeader('set-cookie', 'a=b');
  if (req.query.private) res.setHeader('cache-control', 'private, no-store');
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`);
  res.write(`<html><script nonce="${nonce}">1</script>`);
  if (req.path === '/fa') res.write(`<p>هش‌ریت ۲۴ ساعت — ₿</p><script nonce="${nonce}">2</script>`);
  res.end(`render ${rendered} ${req.originalUrl} ${'x'.repeat(Number(req.query.pad ?? 0))}</html>`);
});
const server = app.listen(0);

beforeAll(() => {
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

async function get(path: string) {
  const response = await fetch(base + path);
  return {
    body: await response.text(),
    csp: response.headers.get('content-security-policy') ?? '',
    hit: response.headers.get('x-html-cache') === 'hit',
    state: response.headers.get('x-html-cache'),
  };
}

const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];

describe('HTML micro-cache', () => {
  it('keeps a page from its second visit on: a page seen once leaves no copy', async () => {
    expect((await get('/once')).hit).toBe(false);
    expect(cache.stats().entries).toBe(0);
    expect((await get('/once')).hit).toBe(false);
    expect((await get('/once')).hit).toBe(true);
  });

  it('sends a page rendered moments ago again, with a fresh nonce in body and CSP', async () => {
    await get('/btc');
    const first = await get('/btc');
    const second = await get('/btc');
    expect(second.hit).toBe(true);
    expect(second.body.replace(/nonce="[^"]+"/, '')).toBe(first.body.replace(/nonce="[^"]+"/, ''));
    expect(nonceOf(second.body)).not.toBe(nonceOf(first.body));
    expect(second.csp).toBe(`script-src 'nonce-${nonceOf(second.body)}'`);
  });

  it('renders again once the entry is older than its time to live', async () => {
    await get('/ltc');
    clock += 6000;
    expect((await get('/ltc')).hit).toBe(false);
  });

  it('caches the unprefixed home for English visitors only', async () => {
    await get('/');
    await get('/');
    expect((await get('/')).hit).toBe(true);
    const russian = await fetch(`${base}/`, { headers: { 'accept-language': 'ru' } });
    expect(russian.headers.get('x-html-cache')).toBeNull();
  });

  it('never caches referrals or responses that set cookies', async () => {
    await get('/kas?ref=friend');
    expect((await get('/kas?ref=friend')).hit).toBe(false);
    await get('/etc?cookie=1');
    expect((await get('/etc?cookie=1')).hit).toBe(false);
    await get('/ltc/miner/settings/x?private=1');
    expect((await get('/ltc/miner/settings/x?private=1')).hit).toBe(false);
  });
});

describe('HTML micro-cache: keys, memory, single flight', () => {
  it('keys a page on its path and the parameters pages read, rendering the canonical URL', async () => {
    const first = await get('/xmr?utm_source=news&range=7d');
    expect((await get('/xmr?range=7d&fbclid=abc')).hit).toBe(false);
    const third = await get('/xmr?range=7d&fbclid=def');
    expect(third.hit).toBe(true);
    expect(first.body).toContain('/xmr?range=7d ');
    expect(first.body).not.toContain('utm_source');
    expect((await get('/xmr?range=30d')).hit).toBe(false);
  });

  it('keeps the bytes of any script exactly and puts the fresh nonce everywhere the old one was', async () => {
    await get('/fa');
    const first = await get('/fa');
    const second = await get('/fa');
    expect(second.hit).toBe(true);
    expect(second.body).toContain('<p>هش‌ریت ۲۴ ساعت — ₿</p>');
    const nonce = nonceOf(second.body)!;
    expect(second.body.split(nonce)).toHaveLength(3);
    expect(second.body).toBe(first.body.replaceAll(nonceOf(first.body)!, nonce));
  });

  it('keys a path with empty segments as that path (`//` was once a 500, `//x` got the page of `/`)', async () => {
    await get('/');
    expect((await get('/')).hit).toBe(true);
    for (const path of ['//', '///', '//x', '//evil.example/y']) {
      const first = await get(path);
      expect(first.hit, path).toBe(false);
      expect(first.body, path).toMatch(new RegExp(`render \\d+ ${path} `));
      expect((await get(path)).body, path).toContain(` ${path} `);
    }
  });

  it("leaves React Router's own requests alone: their parameters reach it untouched", async () => {
    const manifest = await get('/__manifest?version=abc&p=%2Fbtc');
    expect(manifest.body).toContain('/__manifest?version=abc&p=%2Fbtc');
    expect(manifest.state).toBeNull();
  });

  it('stays within its byte budget however many distinct pages arrive', async () => {
    for (let i = 0; i < 40; i += 1) await get(`/page-${i}?range=${'x'.repeat(2000)}`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.stats().entries).toBeLessThan(40);
  });

  it('renders a page once while many ask for it, and serves the stale copy during the next render', async () => {
    const before = renders;
    const waiting = Promise.all([get('/held-a'), get('/held-a'), get('/held-a')]);
    await vi.waitFor(() => expect(held.has('/held-a')).toBe(true));
    held.get('/held-a')!();
    held.delete('/held-a');
    const answers = await waiting;
    expect(renders - before).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.replace(/nonce="[^"]+"/, ''))).size).toBe(1);

    clock += 6000;
    const rerender = get('/held-a');
    await vi.waitFor(() => expect(held.has('/held-a')).toBe(true));
    const meanwhile = await get('/held-a');
    expect(meanwhile.state).toBe('stale');
    expect(meanwhile.body).toBe(answers[0]!.body.replace(nonceOf(answers[0]!.body)!, nonceOf(meanwhile.body)!));
    held.get('/held-a')!();
    expect((await rerender).state).toBeNull();
    expect(renders - before).toBe(2);
  });

  it('leaves the sitemaps and robots.txt alone: a request for one never waits for another', async () => {
    for (const path of ['/held-sitemap.xml', '/held-robots.txt']) {
      const first = get(path);
      await vi.waitFor(() => expect(held.has(path)).toBe(true));
      const releaseFirst = held.get(path)!;
      held.delete(path);
      // The second reaches the handler while the first is still held: no single flight.
      const second = get(path);
      await vi.waitFor(() => expect(held.has(path)).toBe(true));
      held.get(path)!();
      held.delete(path);
      releaseFirst();
      expect((await first).state).toBeNull();
      expect((await second).state).toBeNull();
    }
  });
});

/** The raw response, undecoded, to see what went over the wire. */
function raw(path: string, acceptEncoding?: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(base + path, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('HTML micro-cache: hits sent as one gzip member of parts deflated once', () => {
  it('assembles a member any gzip reader decodes, whatever the parts', async () => {
    const cases = [
      ['<html><script nonce="', '">1</script><p>هش‌ریت ₿</p><script nonce="', '">2</script></html>'],
      ['', 'starts and ends with the nonce', ''],
      ['one part, no nonce at all'],
      ['adjacent', '', 'nonces'],
      ['x'.repeat(200_000), 'y'.repeat(70_000)],
    ];
    const page = Array.from(
      { length: 400 },
      (_, row) => `<tr><td>${((row * 2654435761) % 2 ** 32).toString(36)}</td><td>${(row * 7.31) % 97} TH/s</td></tr>`,
    ).join('');
    cases.push(
      [page, page, page],
      Array.from({ length: 60 }, (_, i) => page.slice(i * 300, i * 300 + 700)),
    );
    for (const texts of cases) {
      const parts = texts.map((text) => Buffer.from(text));
      for (const nonce of ['bm9uY2Ugb25lIQ==', 'another+nonce/24chars==']) {
        const deflated = await deflateParts(parts, nonce.length);
        const member = Buffer.concat(gzipMember(deflated, parts, Buffer.from(nonce)));
        expect(gunzipSync(member).toString()).toBe(texts.join(nonce));
      }
    }
    // Later parts reach back into what came just before them, as one deflate of the page would.
    const fragment = page.slice(0, 3000);
    const parts = [fragment, fragment, fragment].map((text) => Buffer.from(text));
    const deflated = await deflateParts(parts, 24);
    expect(deflated[2]!.length).toBeLessThan(deflated[0]!.length / 10);
  });

  it('deflates parts holding NUL bytes without history, so no match can reach into a nonce', async () => {
    const parts = [Buffer.from('a\0\0\0\0b'), Buffer.from('\0\0\0\0')];
    const deflated = await deflateParts(parts, 4);
    expect(gunzipSync(Buffer.concat(gzipMember(deflated, parts, Buffer.from('NNNN')))).toString()).toBe('a\0\0\0\0bNNNN\0\0\0\0');
  });

  it('sends a kept page gzip-encoded with a fresh nonce to a client that accepts gzip, as rendered otherwise', async () => {
    await get('/fa');
    await get('/fa');
    let hit = await raw('/fa', 'gzip, deflate, br');
    for (let tries = 0; hit.headers['content-encoding'] !== 'gzip' && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      hit = await raw('/fa', 'gzip, deflate, br');
    }
    expect(hit.headers['x-html-cache']).toBe('hit');
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(hit.headers['vary']).toContain('Accept-Encoding');
    expect(Number(hit.headers['content-length'])).toBe(hit.bytes.length);
    const html = gunzipSync(hit.bytes).toString();
    const nonce = nonceOf(html)!;
    expect(html).toContain('<p>هش‌ریت ۲۴ ساعت — ₿</p>');
    expect(html.split(nonce)).toHaveLength(3);
    expect(hit.headers['content-security-policy']).toBe(`script-src 'nonce-${nonce}'`);

    const again = gunzipSync((await raw('/fa', 'gzip')).bytes).toString();
    expect(nonceOf(again)).not.toBe(nonce);
    expect(again.replaceAll(nonceOf(again)!, '')).toBe(html.replaceAll(nonce, ''));

    for (const refuses of [undefined, 'br', 'gzip;q=0, br']) {
      const plain = await raw('/fa', refuses);
      expect(plain.headers['x-html-cache']).toBe('hit');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.bytes.toString().replaceAll(nonceOf(plain.bytes.toString())!, '')).toBe(html.replaceAll(nonce, ''));
    }
  });
});
