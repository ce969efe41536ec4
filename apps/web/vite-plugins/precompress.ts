/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy next to every hashed asset of the
 * client build. Compressing once at build time at the highest settings sends smaller files
 * than compressing each response on the fly (the compression middleware uses fast settings)
 * and costs the server no CPU per request; server.ts serves the copies (precompressed.server.ts).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/** Compresses the compressible files of a folder; returns how many it wrote. */
export function precompressFolder(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(join(dir, name));
    writeFileSync(
      join(dir, `${name}.br`),
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
    count += 1;
  }
  return count;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'openpool:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = config.environments.client?.build.outDir ?? config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      handler() {
        // A bundle that failed wrote no assets: its own error is the one to report, not ENOENT.
        const assets = join(outDir, 'assets');
        if (existsSync(assets)) precompressFolder(assets);
      },
    },
  };
}
