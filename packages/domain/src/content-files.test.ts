import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  loadCoinContent,
  loadComparePools,
  loadHardwareCatalogue,
  loadPoolConfig,
  loadSiteConfig,
  requireContent,
} from './content-files.ts';

const REPO_CONTENT = new URL('../../../content/', import.meta.url).pathname;

// Made per test, removed after it whether it passed or not (a run leaves nothing in /tmp).
const made: string[] = [];
const folder = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'op-content-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the content loader', () => {
  it("reads the repository's content folder whole", () => {
    expect(loadSiteConfig(REPO_CONTENT).enabled.length).toBeGreaterThan(0);
    expect(loadPoolConfig(REPO_CONTENT).coins.size).toBeGreaterThan(0);
    expect(loadCoinContent(REPO_CONTENT)).toBeDefined();
    expect(loadComparePools(REPO_CONTENT)).toBeDefined();
    expect(loadHardwareCatalogue(REPO_CONTENT)?.devices.length).toBeGreaterThan(0);
  });

  it('gives undefined for an optional part that is absent, and an error naming a required one', () => {
    const empty = folder();
    expect([loadCoinContent(empty), loadComparePools(empty), loadHardwareCatalogue(empty)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(() => loadSiteConfig(empty)).toThrow(/site\.json/);
    expect(() => requireContent(loadHardwareCatalogue(empty), empty, 'hardware', 'the device pages need it')).toThrow(
      /hardware is missing: the device pages need it$/,
    );
  });

  it('names the file of a part that is there but not valid', () => {
    const dir = folder();
    mkdirSync(join(dir, 'compare'));
    writeFileSync(join(dir, 'coins.json'), '{ not json');
    writeFileSync(join(dir, 'compare', 'pools.json'), '{}');
    expect(() => loadCoinContent(dir)).toThrow(/coins\.json: not valid JSON/);
    expect(() => loadComparePools(dir)).toThrow(/pools\.json/);
  });
});
