import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseCoinContent, type CoinContent } from '@openpool/domain/coin-content';
import { parseComparePools, type ComparePools } from '@openpool/domain/compare-pools';
import { parseSiteConfig, type SiteConfig } from '@openpool/domain/site-config';

/** Reads and validates `{contentDir}/site.json`; throws naming the field at fault. */
export function loadSiteConfig(contentDir: string): SiteConfig {
  const path = join(contentDir, 'site.json');
  return parseSiteConfig(readFileSync(path, 'utf8'), relative(process.cwd(), path) || path);
}

/** Reads and validates `{contentDir}/coins.json` (about-coin texts, explorers, miner software). */
export function loadCoinContent(contentDir: string): CoinContent {
  const path = join(contentDir, 'coins.json');
  return parseCoinContent(JSON.parse(readFileSync(path, 'utf8')), relative(process.cwd(), path) || path);
}

/** Reads and validates `{contentDir}/compare/pools.json` (other pools' published terms, dated). */
export function loadComparePools(contentDir: string): ComparePools {
  const path = join(contentDir, 'compare', 'pools.json');
  return parseComparePools(JSON.parse(readFileSync(path, 'utf8')), relative(process.cwd(), path) || path);
}
