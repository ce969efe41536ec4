// First start (decision 014, data on the first start): runs `npm start` on a fresh data folder and prints how long
// until the API answers, until every enabled coin's pool stats show a non-zero hashrate and
// miners, until the home page shows them (no card with 0 H/s), and until the week of history
// is in place. Usage: npm run bench:first-start (BENCH_PORT for the site, its API on
// BENCH_API_PORT, default BENCH_PORT + 5000; needs `npm run build` first, or the measured time
// includes the build: FORCE_BUILD=1 measures a first start from a fresh clone, build included).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3100);
const apiPort = Number(process.env.BENCH_API_PORT ?? port + 5000);
const dataDir = mkdtempSync(join(tmpdir(), 'op-first-start-'));
const enabled = JSON.parse(readFileSync(join(root, 'content/site.json'), 'utf8')).enabled;
const started = Date.now();
const child = spawn('npm', ['start'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let log = '';
child.stdout.on('data', (chunk) => (log += chunk));
child.stderr.on('data', (chunk) => (log += chunk));

const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function get(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return { status: response.status, body: await response.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

const marks = {};
function mark(name) {
  if (marks[name]) return;
  marks[name] = seconds();
  console.log(`${marks[name].padStart(6)} s  ${name}`);
}

try {
  // A busy machine (two cores shared with test runs) took over 10 minutes for the week of history.
  const deadline = Date.now() + Number(process.env.BENCH_DEADLINE_S ?? 1800) * 1000;
  while (Date.now() < deadline && !marks['history complete']) {
    if ((await get(`http://127.0.0.1:${apiPort}/ready`)).status === 200) mark('API ready (/ready 200)');
    const stats = await Promise.all(enabled.map((coin) => get(`http://127.0.0.1:${apiPort}/${coin}/api/v1/pool/stats`)));
    const parsed = stats.map((answer) => (answer.status === 200 ? JSON.parse(answer.body) : null));
    if (parsed.some((s) => s)) mark('API answers pool stats');
    if (parsed.every((s) => s && s.hashrate > 0 && s.miners > 0))
      mark(`API: every coin (${enabled.length}) has hashrate > 0 and miners > 0`);
    if (parsed.some((s) => s?.history_filling)) mark('API says history_filling');
    if (marks['API says history_filling'] && parsed.every((s) => s && !s.history_filling)) mark('history complete');
    // An API without the field (older than `history_filling`) is done when its figures show.
    if (
      !marks['API says history_filling'] &&
      marks['API ready (/ready 200)'] &&
      marks[`API: every coin (${enabled.length}) has hashrate > 0 and miners > 0`]
    )
      mark('history complete');
    const home = await get(`http://127.0.0.1:${port}/en`);
    // npm start's starting page (decision 030) while the site builds or its server starts.
    if (home.status === 503 && home.body.includes('OpenPool is starting')) mark('site port answers (starting page)');
    if (log.includes('start: running after')) mark('npm start printed the URLs');
    if (home.status === 200) {
      mark('home page answers');
      const cards = [...home.body.matchAll(/data-testid="card-hashrate"[^>]*>(?:<[^>]+>)*([^<]*)</g)].map((m) => m[1]);
      if (cards.length === enabled.length && cards.every((text) => !/^0(\.0+)?\s/.test(text)))
        mark('home page: every card shows a non-zero hashrate');
      if (home.body.includes('data-testid="history-filling"')) mark('home page says history is filling');
    }
    await sleep(500);
  }
  if (!marks['history complete']) console.log(`history not complete after ${seconds()} s`);
} finally {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
  const stopSent = Date.now();
  await new Promise((resolve) => child.once('exit', resolve));
  console.log(`npm start stopped ${((Date.now() - stopSent) / 1000).toFixed(1)} s after SIGTERM to its group`);
  rmSync(dataDir, { recursive: true, force: true });
  const beforeUrls = log.split('\n').findIndex((l) => l.includes('start: running after'));
  if (beforeUrls >= 0) console.log(`npm start printed ${beforeUrls} lines before its URLs`);
  const line = log.split('\n').find((l) => l.includes('full history in place') || l.includes('history up to'));
  if (line) console.log(`log: ${line.trim()}`);
}
