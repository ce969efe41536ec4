import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSiteConfig, type SiteConfig } from '@openpool/domain/site-config';

/** Reads and validates `{contentDir}/site.json`; throws naming the field at fault. */
export function loadSiteConfig(contentDir: string): SiteConfig {
  const path = join(contentDir, 'site.json');
  return parseSiteConfig(readFileSync(path, 'utf8'), relative(process.cwd(), path) || path);
}
