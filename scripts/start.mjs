// `npm start`: runs the API and the web server side by side, building the site first if
// there is no build yet (the API starts at once, so its first-run backfill overlaps the
// build), the ltc stratum server when LTC_RPC_URL names a Litecoin node (decision 013), and the
// Monero one when XMR_DAEMON_URL names a monerod.
//
// What a person sees (decision 030): a few lines saying what starts, one progress line while
// the site builds (its full log goes to a file named on screen), then the URLs. The site's port
// answers from the first second with a plain "starting" page that refreshes itself, handed over
// to the web server without a moment of refused connections (SO_REUSEPORT, below).
//
// Stops (decision 030): SIGINT or SIGTERM to this process (npm forwards both to it: the npm
// script is `exec node ...`, so no shell sits between), to npm, or to the whole process group
// stops every process started here, PostgreSQL included, within 10 s; a second signal forces
// it. If one of them dies, the others are stopped too.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { API_NODE_ARGS, WEB_ENV, WEB_NODE_ARGS } from './node-runtime.mjs';
import { buildEstimate, startingPage } from './starting-page.mjs';

const root = join(import.meta.dirname, '..');
const webBuild = join(root, 'apps/web/build/server.js');
const dataDir = resolve(root, process.env.DATA_DIR || '.data');
const sitePort = Number(process.env.PORT || 3000);
const siteHost = process.env.HOST || '0.0.0.0';
const apiPort = Number(process.env.API_PORT || 8787);
const shown = (path) => (path.startsWith(root) ? relative(process.cwd(), path) || '.' : path);
const startedAt = Date.now();
const seconds = () => Math.round((Date.now() - startedAt) / 1000);
/** Processes started here: name -> child (the build runs in a process group of its own). */
const children = new Map();
let stopping = false;

/**
 * Runs one of the product's Node processes. Its output is passed through line by line, and
 * `onLine` sees each line (to learn when it listens).
 */
function run(name, cwd, args, extraEnv = {}, onLine = () => undefined) {
  // Libraries (React's server renderer, Express) choose their production behaviour from
  // NODE_ENV when they load: the product runs in production unless told otherwise.
  const env = { ...extraEnv, ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' };
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      clearProgress();
      out.write(`${line}\n`);
      onLine(line);
    });
  }
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    console.error(`start: ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    stop(code || 1);
  });
  children.set(name, child);
  return child;
}

/** The embedded PostgreSQL's postmaster, while one runs on this data folder (none with DATABASE_URL). */
function postmaster() {
  if (process.env.DATABASE_URL) return undefined;
  try {
    const pid = Number(readFileSync(join(dataDir, 'postgres/data/postmaster.pid'), 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

function signalChild(child, signal) {
  try {
    // The build is a process group (npm, its shell, the bundler): the whole group goes.
    if (child.group) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    /* already gone */
  }
}

const STOP_BUDGET_MS = 9000;
let forced = false;
/**
 * A clean stop: SIGTERM to every child (the API closes its connections, then stops PostgreSQL
 * with a fast shutdown), then wait for them and for PostgreSQL. Whatever is left at 9 s is forced.
 */
function stop(code) {
  if (stopping) return;
  stopping = true;
  stopAsked ||= Date.now();
  clearProgress();
  placeholder?.close();
  for (const child of children.values()) signalChild(child, 'SIGTERM');
  const deadline = setTimeout(() => force('did not stop within 9 s'), STOP_BUDGET_MS);
  deadline.unref();
  void (async () => {
    while (children.size > 0 || postmaster() !== undefined) await new Promise((r) => setTimeout(r, 100));
    clearTimeout(deadline);
    console.log(`start: stopped in ${((Date.now() - stopAsked) / 1000).toFixed(1)} s`);
    process.exit(code);
  })();
}

/**
 * Forced: SIGKILL to every child, and PostgreSQL told to stop at once (SIGQUIT, immediate
 * shutdown: nothing committed is lost, the next start replays the WAL).
 */
function force(why) {
  if (forced) return;
  forced = true;
  console.error(`start: ${why}; forcing the stop`);
  for (const child of children.values()) signalChild(child, 'SIGKILL');
  const pid = postmaster();
  if (pid !== undefined) process.kill(pid, 'SIGQUIT');
  setTimeout(() => {
    const left = postmaster();
    if (left !== undefined) process.kill(left, 'SIGKILL');
    process.exit(1);
  }, 800).unref();
}

let stopAsked = 0;
function onSignal(signal) {
  const now = Date.now();
  if (!stopping) {
    stopAsked = now;
    console.log(`\nstart: ${signal}: stopping everything (a second ${signal === 'SIGINT' ? 'Ctrl-C' : signal} forces it)`);
    stop(0);
  } else if (now - stopAsked > 1000) {
    // One Ctrl-C reaches us twice, from the terminal's group and again through npm: only a
    // second signal a moment later is a person insisting.
    force(`second ${signal}`);
  }
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
// A supervisor that kills npm outright (SIGKILL) leaves us orphaned: stop too, or the API, the
// web server and PostgreSQL would run on with nobody to stop them.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !stopping) {
    console.error('start: the process that started npm start is gone; stopping');
    stopAsked = Date.now();
    stop(0);
  }
}, 250).unref();

// The stratum servers post to the API with INGEST_TOKEN; without one set, all get a fresh one.
const stratum = Boolean(process.env.LTC_RPC_URL);
const stratumXmr = Boolean(process.env.XMR_DAEMON_URL);
const shared =
  (stratum || stratumXmr) && !process.env.INGEST_TOKEN ? { INGEST_TOKEN: randomBytes(24).toString('base64url') } : {};

/**
 * The web server signs referral landings and the API checks them with one secret (decision
 * 017). Without REFERRAL_SECRET, one is generated on the first start and kept in
 * $DATA_DIR/referral-secret (owner-only), so landings stay valid across restarts.
 */
function referralSecret() {
  if (process.env.REFERRAL_SECRET) return {};
  const file = join(dataDir, 'referral-secret');
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (kept.length >= 32) return { REFERRAL_SECRET: kept };
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  console.log(`start: REFERRAL_SECRET is not set; generated one in ${shown(file)}`);
  return { REFERRAL_SECRET: secret };
}

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

// The last build's measured duration, the only estimate the starting page and the progress line
// give: before any build was measured they say no figure rather than a guess.
const buildSecondsFile = join(dataDir, 'build-seconds');
function expectedBuildSeconds() {
  return buildEstimate(existsSync(buildSecondsFile) ? readFileSync(buildSecondsFile, 'utf8') : undefined);
}

// One line, rewritten in place on a terminal; elsewhere (a log, a journal) one every 15 s.
const tty = process.stdout.isTTY;
let progressShown = false;
function progress(text) {
  if (tty) {
    process.stdout.write(`\r\x1b[2K${text}`);
    progressShown = true;
  } else console.log(text);
}
function clearProgress() {
  if (progressShown) process.stdout.write('\r\x1b[2K');
  progressShown = false;
}

/** Serves the starting page on the site's port until the web server takes the port over. */
let placeholder;
// When the site should answer by a measured estimate (the last build's duration); undefined
// while none holds: before a build was measured, once the build outlasts it, while the servers start.
let readyAt;
function servePlaceholder() {
  const server = createServer((request, response) => {
    const left = readyAt === undefined ? 0 : Math.round((readyAt - Date.now()) / 1000);
    const page = startingPage(request, left > 0 ? left : null);
    response.writeHead(503, {
      'content-type': 'text/html; charset=utf-8',
      'content-language': page.lang,
      'cache-control': 'no-store',
      'retry-after': String(page.retryAfter),
      // Only its own inline script and style; never framed.
      'content-security-policy': `default-src 'none'; script-src '${page.scriptHash}'; style-src 'unsafe-inline'; frame-ancestors 'none'`,
      'x-content-type-options': 'nosniff',
      // The page's script reloads once an answer comes without this mark: the real site's.
      'x-openpool-starting': '1',
    });
    response.end(request.method === 'HEAD' ? undefined : page.html);
  });
  server.on('error', (error) => {
    // The port is taken (another server, an earlier start): the web server's own start will say so.
    console.error(`start: the starting page cannot listen on ${sitePort}: ${error.message}`);
    placeholder = undefined;
  });
  // SO_REUSEPORT: the web server binds the same port before this one closes (WEB_PORT_HANDOFF).
  server.listen({ port: sitePort, host: siteHost, reusePort: true });
  return server;
}

// ---- start ----
const apiUrl = `http://localhost:${apiPort}`;
const siteUrl = `http://${siteHost === '0.0.0.0' || siteHost === '::' ? 'localhost' : siteHost}:${sitePort}`;
// The port answers first of all, before anything slower (the sources' walk, the API's start).
placeholder = servePlaceholder();
console.log(`start: OpenPool on Node ${process.version}; data in ${shown(dataDir)}`);
const referral = referralSecret();
// `npm run dev` (NODE_ENV=development): the web server runs its sources through Vite with hot
// reload, so there is nothing to build first.
const development = process.env.NODE_ENV === 'development';
const reason = development ? null : buildReason();
const listening = { api: false, web: false };
function announce() {
  if (!listening.api || !listening.web || stopping) return;
  clearProgress();
  console.log(
    [
      `start: running after ${seconds()} s`,
      `  site: ${siteUrl}`,
      `  API:  ${apiUrl}   (docs: ${apiUrl}/docs)`,
      `  stop: Ctrl-C, or SIGTERM to this npm start`,
    ].join('\n'),
  );
}

run('api', join(root, 'apps/api'), [...API_NODE_ARGS, 'src/server.ts'], { ...shared, ...referral }, (line) => {
  if (line.startsWith('api: listening on')) {
    listening.api = true;
    startWebWhenReady();
  }
});
if (stratum) run('stratum', join(root, 'apps/stratum'), ['src/main.ts'], shared);
if (stratumXmr) run('stratum-xmr', join(root, 'apps/stratum'), ['src/xmr/main.ts'], shared);

// Several web workers (node:cluster) listen through their supervisor, which cannot share the
// port: the starting page closes just before they start (a second without an answer).
const handoff = Number(process.env.WEB_WORKERS || 1) <= 1;

/**
 * The web server starts once the site is built and the API listens: pages rendered before that
 * would only say the API is unreachable (and log it, 25 lines a page); the starting page answers
 * until then.
 */
let built = false;
function startWebWhenReady() {
  if (!built) return;
  // The build is done: what is left (the API's and the web server's start) has no measured figure.
  readyAt = undefined;
  if (!listening.api) return;
  if (!children.has('web')) startWeb();
}

function startWeb() {
  if (stopping) return;
  if (!handoff) {
    placeholder?.close();
    placeholder = undefined;
  }
  run(
    'web',
    join(root, 'apps/web'),
    [...WEB_NODE_ARGS, development ? 'server.ts' : 'build/server.js'],
    { ...WEB_ENV, ...referral, ...(placeholder ? { WEB_PORT_HANDOFF: '1' } : {}) },
    (line) => {
      if (line.startsWith('web: listening on')) {
        // The web server holds the port now: new connections go to it only.
        placeholder?.close();
        placeholder = undefined;
        listening.web = true;
        announce();
      }
    },
  );
}

if (reason) {
  const expected = expectedBuildSeconds();
  readyAt = expected === null ? undefined : Date.now() + expected * 1000;
  mkdirSync(dataDir, { recursive: true });
  const logFile = join(dataDir, 'build.log');
  const log = createWriteStream(logFile);
  const about = expected === null ? 'its time is measured for the next start' : `about ${expected} s (the last build's time)`;
  console.log(`start: building the site (${reason}); ${about}; the build's log goes to ${shown(logFile)}`);
  console.log(`start: ${siteUrl} says "starting" meanwhile`);
  const buildStarted = Date.now();
  // Its own process group, so that a stop reaches the bundler under npm and its shell.
  const build = spawn('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  build.group = true;
  build.stdout.pipe(log, { end: false });
  build.stderr.pipe(log, { end: false });
  children.set('build', build);
  const ticker = setInterval(
    () => {
      const elapsed = Math.round((Date.now() - buildStarted) / 1000);
      progress(`start: building the site: ${elapsed} s${expected === null ? '' : ` of about ${expected} s`}`);
    },
    tty ? 1000 : 15_000,
  );
  build.on('exit', (code, signal) => {
    clearInterval(ticker);
    children.delete('build');
    log.end();
    if (stopping) return;
    clearProgress();
    const took = Math.round((Date.now() - buildStarted) / 1000);
    if (code !== 0) {
      const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-15).join('\n') : '';
      console.error(`${tail}\nstart: the site build failed (${signal ?? `exit ${code}`}); full log: ${shown(logFile)}`);
      stop(code || 1);
      return;
    }
    writeFileSync(buildSecondsFile, `${took}\n`);
    console.log(`start: site built in ${took} s`);
    built = true;
    startWebWhenReady();
  });
} else {
  built = true;
  startWebWhenReady();
}
