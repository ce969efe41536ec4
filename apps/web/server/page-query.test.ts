import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOOKUP_PARAM } from '../app/features/miner/settings-payouts-search';
import { PAGE_QUERY_PARAMS, pageCacheKey } from './page-query';

const APP = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('page query parameters', () => {
  it('lists every parameter a page reads by name, so the page cache never mixes two pages', () => {
    const read = new Set<string>();
    for (const file of sources(APP)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(
        /(?:searchParams|params|query|URLSearchParams\([^)]*\))\.(?:get|getAll|has)\(\s*['"]([\w-]+)['"]/g,
      ))
        read.add(match[1]!);
    }
    read.add(LOOKUP_PARAM);
    // The referral (`ref`) is never cached; `id` is the analytics tag's own URL, not a page's.
    read.delete('ref');
    read.delete('id');
    expect([...read].filter((name) => !PAGE_QUERY_PARAMS.includes(name))).toEqual([]);
  });

  it('keeps only those parameters, in a fixed order', () => {
    const key = (search: string) => pageCacheKey('/btc', new URLSearchParams(search));
    expect(key('utm_source=mail&fbclid=1')).toBe('/btc');
    expect(key('range=7d&utm_source=mail')).toBe('/btc?range=7d');
    expect(key('sort=profit&algorithm=scrypt')).toBe(key('algorithm=scrypt&sort=profit'));
    expect(key('q=a+b')).toBe('/btc?q=a+b');
  });
});
