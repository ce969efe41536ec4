// `npm start`: runs the API and the web server side by side, building the site first if
// there is no build yet (the API starts at once, so its first-run backfill overlaps the
// build), and the ltc stratum server when LTC_RPC_URL names a Litecoin node (decision 013).
// Ctrl-C (or SIGTERM) stops them all; if one of them dies, the others are stopped too.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { API_NODE_ARGS, WEB_ENV, WEB_NODE_ARGS } from './node-runtime.mjs';

const root = join(import.meta.dirname, '..');
const webBuild = join(root, 'apps/web/build/server.js');
const children = [];
let stopping = false;

function run(name, cwd, args, extraEnv = {}) {
  // Libraries (React's server renderer, Express) choose their production behaviour from
  // NODE_ENV when they load: the product runs in production unless told otherwise.
  const env = { ...extraEnv, ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' };
  const child = spawn(process.execPath, args, { cwd, stdio: 'inherit', env });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`start: ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    stop(code || 1);
  });
  children.push(child);
  return child;
}

function stop(code) {
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const deadline = setTimeout(() => process.exit(code), 25_000);
  Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once('exit', r)) : null,
    ),
  ).then(() => {
    clearTimeout(deadline);
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
// A signal sent to `npm start` alone (as `timeout` or a supervisor watching one pid does) ends
// npm's shell but never reaches this script: when the process that started it is gone, stop too,
// or the API, the web server and PostgreSQL would run on as orphans.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !stopping) {
    console.error('start: the process that started npm start is gone; stopping');
    stop(0);
  }
}, 250).unref();

// The stratum server posts to the API with INGEST_TOKEN; without one set, both get a fresh one.
const stratum = Boolean(process.env.LTC_RPC_URL);
const shared = stratum && !process.env.INGEST_TOKEN ? { INGEST_TOKEN: randomBytes(24).toString('base64url') } : {};

/**
 * The web server signs referral landings and the API checks them with one secret (decision
 * 017). Without REFERRAL_SECRET, one is generated on the first start and kept in
 * $DATA_DIR/referral-secret (owner-only), so landings stay valid across restarts.
 */
function referralSecret() {
  if (process.env.REFERRAL_SECRET) return {};
  const file = join(resolve(root, process.env.DATA_DIR || '.data'), 'referral-secret');
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (kept.length >= 32) return { REFERRAL_SECRET: kept };
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  console.log(`start: REFERRAL_SECRET is not set; generated one in ${file}`);
  return { REFERRAL_SECRET: secret };
}
const referral = referralSecret();
run('api', join(root, 'apps/api'), [...API_NODE_ARGS, 'src/server.ts'], { ...shared, ...referral });
if (stratum) run('stratum', join(root, 'apps/stratum'), ['src/main.ts'], shared);

/** The newest modification time of a file under `path`, build output and dependencies skipped. */
function newestChange(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (!NOT_SOURCES.has(entry)) newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}
const NOT_SOURCES = new Set(['node_modules', 'build', '.react-router', 'test-results', 'playwright-report']);

/**
 * Why the site must be built before the web server starts, or null. The build holds the web
 * server itself (build/server.js), the pages and the articles of content/: after a `git pull` or
 * an edited article, the old build would go on serving the old code and text.
 */
function buildReason() {
  if (!existsSync(webBuild)) return 'first run';
  if (process.env.FORCE_BUILD === '1') return 'FORCE_BUILD=1';
  const built = statSync(webBuild).mtimeMs;
  const sources = ['apps/web', 'packages/domain', 'content'].map((dir) => join(root, dir));
  return sources.some((dir) => newestChange(dir) > built) ? 'its sources changed since the last build' : null;
}

const reason = buildReason();
if (reason) {
  console.log(`start: building the site (${reason})...`);
  const build = spawn('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  children.push(build);
  build.on('exit', (code) => {
    children.splice(children.indexOf(build), 1);
    if (stopping) return;
    if (code !== 0) {
      console.error('start: the site build failed');
      stop(code ?? 1);
      return;
    }
    run('web', join(root, 'apps/web'), [...WEB_NODE_ARGS, 'build/server.js'], { ...WEB_ENV, ...referral });
  });
} else {
  run('web', join(root, 'apps/web'), [...WEB_NODE_ARGS, 'build/server.js'], { ...WEB_ENV, ...referral });
}
