import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HARDWARE_FILES, parseHardwareCatalogue, type HardwareCatalogue, type HardwareFiles } from '@openpool/domain/hardware';

/**
 * Reads and validates `{contentDir}/hardware/*.json` once at start-up; throws naming every
 * bad field, so a typo in a spec sheet stops the server instead of showing a wrong figure.
 */
export function loadHardwareCatalogue(contentDir: string): HardwareCatalogue {
  const dir = join(contentDir, 'hardware');
  const files = Object.fromEntries(
    HARDWARE_FILES.map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  ) as unknown as HardwareFiles;
  return parseHardwareCatalogue(files, relative(process.cwd(), dir) || dir);
}
