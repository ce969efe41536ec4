/**
 * The page cache once parsed `i18n_redirected` its own way (no percent-decoding), so a
 * visitor whose cookie said `%72%75` (ru) got the cached English home or the Russian one
 * depending on the cache's state. Now the cache asks the root route's detection.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHtmlCache } from './html-cache.server';
import { rootLocaleOf } from '../app/data/detect-locale.server';

const app = express();
app.use(createHtmlCache({ ttlMs: 5000, maxBytes: 1024 * 1024, rootLocale: rootLocaleOf }).middleware);
// Stands in for the root route: it answers with the language it detects.
app.get('/', (req, res) => {
  res.type('html').send(`<html>${rootLocaleOf(req.headers.cookie ?? null, req.headers['accept-language'] ?? null)}</html>`);
});
const server = app.listen(0);
let base = '';
beforeAll(() => {
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

describe('the home page’s language with the page cache', () => {
  it.each(['i18n_redirected=%72%75', 'i18n_redirected="ru"', 'a=1; i18n_redirected=ru', 'i18n_redirected=%72u'])(
    'follows the route’s reading of %s whatever the cache holds',
    async (cookie) => {
      await fetch(`${base}/`); // the English home is now cached
      const expected = rootLocaleOf(cookie, null);
      const body = await (await fetch(`${base}/`, { headers: { cookie } })).text();
      expect(body).toBe(`<html>${expected}</html>`);
    },
  );

  it('reads a percent-encoded cookie as the route does', () => {
    expect(rootLocaleOf('i18n_redirected=%72%75', null)).toBe('ru');
  });
});
