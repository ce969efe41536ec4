/**
 * The compatibility paths miners' tools call live in one folder (decision 033): compat/routes.ts
 * serves exactly the design's list, and no other route file tags a path `compatibility`, so one
 * file shows everything third-party tools depend on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@openpool/domain/paths';

const SRC = new URL('../', import.meta.url).pathname;

describe('the compatibility paths', () => {
  it('are served by compat/routes.ts, each path of the design once', () => {
    const source = readFileSync(`${SRC}compat/routes.ts`, 'utf8');
    const served = [...source.matchAll(/API_ROUTES\.(\w+),/g)].map((match) => match[1] as keyof typeof API_ROUTES);
    expect(served.map((name) => API_ROUTES[name]).sort()).toEqual(
      [
        '/api/v1/rates',
        '/api/v2/profile',
        '/:coin/api/v1/pool/stats',
        '/api/v2/daily-revenue/:coin',
        '/:coin/api/v3/miner/workers/:address',
        '/:coin/api/v1/miner/payouts/:address',
        '/:coin/api/v1/miner/balance/:address',
      ].sort(),
    );
  });

  it('are tagged compatibility nowhere else', () => {
    const tagged = (readdirSync(SRC, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'compat/routes.ts')
      .filter((file) => /tags: \[(?:'[a-z]+',\s*)*'compatibility'/.test(readFileSync(`${SRC}${file}`, 'utf8')));
    expect(tagged).toEqual([]);
  });
});
