/**
 * The web server's process: reads the environment and the site's content (and refuses to start
 * without them), supervises the workers, and starts the server in each (server/web-server.server.ts;
 * the web server's code is in server/, decision 035). Production runs this file as
 * build/server.js (build-server.ts bundles it, so no TypeScript is stripped at run time);
 * `node server.ts` runs it as it is, and with NODE_ENV=development serves from Vite with hot reload.
 */
import cluster from 'node:cluster';
import { basename, dirname, resolve } from 'node:path';
import {
  loadCoinContent,
  loadComparePools,
  loadHardwareCatalogue,
  loadSiteConfig,
  requireContent,
} from '@openpool/domain/content-files';
import { parseWebEnv } from './app/env.server.ts';
import { listenForMetrics, startWebServer } from './server/web-server.server.ts';
import { superviseWorkers } from './server/web-workers.server.ts';

// apps/web, whether this runs as server.ts or as its bundle, build/server.js.
const here = basename(import.meta.dirname) === 'build' ? dirname(import.meta.dirname) : import.meta.dirname;

function startupFailure(error: unknown): never {
  console.error(`web: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

let env: ReturnType<typeof parseWebEnv>;
let config: ReturnType<typeof loadSiteConfig>;
let coinContent: NonNullable<ReturnType<typeof loadCoinContent>>;
let hardware: NonNullable<ReturnType<typeof loadHardwareCatalogue>>;
let comparePools: NonNullable<ReturnType<typeof loadComparePools>>;
try {
  env = parseWebEnv(process.env, resolve(here, '..', '..'));
  config = loadSiteConfig(env.contentDir);
  // The site shows every part: it does not start without one (the API can, decision 021).
  coinContent = requireContent(loadCoinContent(env.contentDir), env.contentDir, 'coins.json', 'the coin pages need it');
  hardware = requireContent(loadHardwareCatalogue(env.contentDir), env.contentDir, 'hardware', 'the device pages need it');
  comparePools = requireContent(
    loadComparePools(env.contentDir),
    env.contentDir,
    'compare/pools.json',
    'the compare page needs it',
  );
} catch (error) {
  startupFailure(error);
}

if (cluster.isPrimary && !env.referralSecret)
  console.log(
    'web: REFERRAL_SECRET is not set; referral links set no signed landing, so the API records no referral (decision 017)',
  );

if (cluster.isPrimary && env.workers > 1) {
  superviseWorkers({ count: env.workers });
  // The workers' metrics, summed, on the supervisor's port (decision 022).
  if (env.metrics) await listenForMetrics('cluster', env.metrics, startupFailure);
} else {
  await startWebServer({
    env,
    content: { config, coinContent, hardware, comparePools },
    root: here,
    // Read here, not in env.server.ts: set by scripts/start.mjs only, not an operator's setting.
    portHandoff: process.env.WEB_PORT_HANDOFF === '1',
    fail: startupFailure,
  });
}
