import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HARDWARE_FILES, parseHardwareCatalogue, type HardwareCatalogue, type HardwareFiles } from '@openpool/domain/hardware';

/**
 * `{contentDir}/hardware/*.json`, validated (a bad field stops the start, named); undefined
 * when the content folder has no hardware folder at all, and then the API has no hardware routes.
 */
export async function loadHardwareCatalogue(contentDir: string): Promise<HardwareCatalogue | undefined> {
  const dir = join(contentDir, 'hardware');
  let texts: string[];
  try {
    texts = await Promise.all(HARDWARE_FILES.map((name) => readFile(join(dir, name), 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const files = Object.fromEntries(HARDWARE_FILES.map((name, index) => [name, texts[index]])) as unknown as HardwareFiles;
  return parseHardwareCatalogue(files, dir);
}
