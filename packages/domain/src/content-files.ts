/**
 * The one loader of the operator's content folder, for the API, the web server and the
 * scripts (decision 021). Server-only (node:fs), read once at start-up. One policy for
 * every file: `site.json` and `pools.json` are required; `coins.json`, `hardware/` and
 * `compare/pools.json` may be absent (undefined), and each app says what it does without
 * them (`requireContent` when it cannot start). A file that exists but is not valid stops the
 * start, naming the file and the field at fault.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseCoinContent, type CoinContent } from './coin-content.ts';
import { parseComparePools, type ComparePools } from './compare-pools.ts';
import { HARDWARE_FILES, parseHardwareCatalogue, type HardwareCatalogue, type HardwareFiles } from './hardware.ts';
import { parsePoolConfig, type PoolConfig } from './pool-config.ts';
import { parseSiteConfig, type SiteConfig } from './site-config.ts';

/** How a path is named in an error: relative to where the process runs, if it is below it. */
function shown(path: string): string {
  return relative(process.cwd(), path) || path;
}

function readJson(path: string): unknown {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${shown(path)}: not valid JSON (${(error as Error).message})`);
  }
}

function optional<T>(path: string, read: (path: string) => T): T | undefined {
  return existsSync(path) ? read(path) : undefined;
}

/** `site.json`: coins, regional parts, links (required). */
export function loadSiteConfig(contentDir: string): SiteConfig {
  const path = join(contentDir, 'site.json');
  return parseSiteConfig(readFileSync(path, 'utf8'), shown(path));
}

/** `pools.json`: fees, schemes, thresholds, servers per coin (required). */
export function loadPoolConfig(contentDir: string): PoolConfig {
  return parsePoolConfig(readJson(join(contentDir, 'pools.json')));
}

/** `coins.json`: about-coin texts, explorers, miner software. */
export function loadCoinContent(contentDir: string): CoinContent | undefined {
  return optional(join(contentDir, 'coins.json'), (path) => parseCoinContent(readJson(path), shown(path)));
}

/** `compare/pools.json`: other pools' published terms, dated. */
export function loadComparePools(contentDir: string): ComparePools | undefined {
  return optional(join(contentDir, 'compare', 'pools.json'), (path) => parseComparePools(readJson(path), shown(path)));
}

/** `hardware/*.json`: the device catalogue; a typo in a spec sheet stops the start instead of showing a wrong figure. */
export function loadHardwareCatalogue(contentDir: string): HardwareCatalogue | undefined {
  const dir = join(contentDir, 'hardware');
  if (!existsSync(dir)) return undefined;
  const files = Object.fromEntries(
    HARDWARE_FILES.map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  ) as unknown as HardwareFiles;
  return parseHardwareCatalogue(files, shown(dir));
}

/** For an app that cannot start without a part: says which folder lacks what. */
export function requireContent<T>(value: T | undefined, contentDir: string, part: string, why: string): T {
  if (value === undefined) throw new Error(`${shown(join(contentDir, part))} is missing: ${why}`);
  return value;
}
