// Starts the whole product for a bench: the API on a fresh data folder with one simulated day
// (fixed after its backfill, so every run measures the same amount of data) and the built web
// server in production mode in front of it. Loopback only. `stop()` ends both. `webDir` runs the
// web server from another folder holding `build/` (a bench's private copy of the build: other work
// in the same checkout may rebuild apps/web/build while a long bench runs).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_NODE_ARGS, WEB_ENV, WEB_NODE_ARGS } from '../../scripts/node-runtime.mjs';

export const root = join(import.meta.dirname, '../..');

export async function startSite(port, webEnv = {}, { webDir = join(root, 'apps/web') } = {}) {
  const apiPort = port + 1;
  const apiData = mkdtempSync(join(tmpdir(), 'op-bench-site-'));
  // A bench may post its own share events (a farm of miners' workers) through the real ingest.
  const ingestToken = randomBytes(24).toString('base64url');
  const api = spawn(process.execPath, [...API_NODE_ARGS, join(root, 'apps/api/src/server.ts')], {
    env: {
      ...process.env,
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      DATA_DIR: apiData,
      SIMULATOR_BACKFILL_DAYS: '1',
      SIMULATOR_LIVE: 'off',
      LOG_LEVEL: 'silent',
      INGEST_TOKEN: ingestToken,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const webServers = [];
  const startWeb = (webPort, env = {}, dir = webDir) => {
    const web = spawn(process.execPath, [...WEB_NODE_ARGS, 'build/server.js'], {
      cwd: dir,
      env: {
        ...WEB_ENV,
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(webPort),
        API_URL: `http://127.0.0.1:${apiPort}`,
        PUBLIC_API_URL: `http://localhost:${apiPort}`,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    webServers.push(web);
    return web;
  };
  const web = startWeb(port, webEnv);
  const kill = () => {
    for (const server of webServers) if (server.exitCode === null) server.kill('SIGTERM');
    if (api.exitCode === null) api.kill('SIGINT');
  };
  process.on('exit', kill);
  // Waits for the API to stop its database, then removes the run's data: a bench leaves no trace.
  const stop = async () => {
    const apiDone = api.exitCode === null ? new Promise((r) => api.once('exit', r)) : null;
    kill();
    await apiDone;
    rmSync(apiData, { recursive: true, force: true });
  };

  await waitFor(`http://127.0.0.1:${apiPort}/ready`, 1200);
  await waitFor(`http://127.0.0.1:${port}/favicon.svg`, 100, 'web server did not start (is the site built? npm run build)');
  /**
   * A second web server in front of the same API (another configuration, same data); `webDir`
   * runs another build (bench/lib/before-build.mjs: an earlier commit's).
   */
  const addWeb = async (webPort, env, { webDir: dir = webDir } = {}) => {
    const server = startWeb(webPort, env, dir);
    await waitFor(`http://127.0.0.1:${webPort}/favicon.svg`, 100, 'second web server did not start');
    return { base: `http://127.0.0.1:${webPort}`, pid: server.pid };
  };
  return {
    base: `http://127.0.0.1:${port}`,
    apiBase: `http://127.0.0.1:${apiPort}`,
    ingestToken,
    webPid: web.pid,
    apiPid: api.pid,
    addWeb,
    stop,
  };
}

async function waitFor(url, tries, message = `${url} did not answer`) {
  for (let i = 0; i < tries; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(message);
}
