// runs (3; Lighthouse advises 5: a single run varies by a few points here). BENCH_PAGES=/,/btc
// audits only those paths or page names ('miner stats') (the baseline always runs); BENCH_LOCALE=fa the pages in fa. Each page load is audited twice: with
// Lighthouse's default CPU slowdown (4x, which assumes a fast idle desktop; the score the issue
// sets) and with the slowdown Lighthouse's documented calculator gives for the machine's measured
// speed in that same run (its BenchmarkIndex): on a shared, loaded machine the default measures
// the other work as much as the page, and the static copy shows by how much. BENCH_REPORTS=<folder>
// keeps each page's last Lighthouse reports as JSON. The site runs from a private copy of
// apps/web/build (build it first: npm run build), so a rebuild in the checkout during the run
// cannot serve one build's HTML with another's assets. BENCH_WEB_BUILD=apps/<copy>/build copies
// that build instead (one made with WEB_BUILD_DIR, see react-router.config.ts).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root, startSite } from './lib/site.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3292);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'SI', 'ms'],
];

/** A copy of the built web app (build/ and the locales its 500 page reads), dependencies linked. */
function snapshotWebBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'op-lighthouse-'));
  const webDir = join(dir, 'apps/web');
  cpSync(join(root, process.env.BENCH_WEB_BUILD ?? 'apps/web/build'), join(webDir, 'build'), { recursive: true });
  cpSync(join(root, 'apps/web/app/locales'), join(webDir, 'app/locales'), { recursive: true });
  symlinkSync(join(root, 'apps/web/node_modules'), join(webDir, 'node_modules'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return { dir, webDir };
}

// A server already on the port would answer for ours (another build, stale data): refuse.
for (const port of [PORT, PORT + 1]) {
  const answered = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`port ${port} is in use; stop what listens there or set BENCH_PORT`);
}
const snapshot = snapshotWebBuild();
process.on('exit', () => rmSync(snapshot.dir, { recursive: true, force: true }));
// Ctrl-C or kill: exit normally so the servers and the copy go too ('exit' handlers).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const site = await startSite(PORT, { CONTENT_DIR: join(root, 'content') }, { webDir: snapshot.webDir });
const staticDir = join(snapshot.webDir, 'build/client/__lighthouse');
mkdirSync(staticDir);
writeFileSync(join(staticDir, 'home.html'), await (await fetch(`${site.base}/`)).text());

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
process.on('exit', () => chrome.process?.exitCode === null && chrome.process.kill());

/**
 * The CPU slowdown that makes this machine a mid-tier phone, from its BenchmarkIndex (Lighthouse's
 * docs/throttling.md, "Calibrating multipliers"; the formula of its CPU throttling calculator,
 * github.com/patrickhulce/lighthouse-cpu-throttling-calculator): 4x at about 1,533, 1x at 150.
 */
function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}
const gathered = join(snapshot.dir, 'gathered');

/** One page load, audited as it was gathered (4x CPU) and again with the calibrated slowdown. */
async function audit(url) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES };
  await lighthouse(url, { ...flags, gatherMode: gathered });
  const { lhr } = await lighthouse(url, { ...flags, auditMode: gathered });
  // Simulated throttling applies at audit time only, so the same trace can be audited again with
  // another CPU slowdown; Lighthouse refuses settings that differ from the gathered ones, so the
  // saved settings change with it.
  const artifactsFile = join(gathered, 'artifacts.json');
  const artifacts = JSON.parse(readFileSync(artifactsFile, 'utf8'));
  const cpuSlowdownMultiplier = calibratedSlowdown(lhr.environment.benchmarkIndex);
  artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownMultiplier;
  writeFileSync(artifactsFile, JSON.stringify(artifacts));
  const { lhr: calibrated } = await lighthouse(url, {
    ...flags,
    auditMode: gathered,
    throttling: artifacts.settings.throttling,
  });
  const failures = CATEGORIES.flatMap((c) =>
    lhr.categories[c].auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => `${c}: ${a.id}`),
  );
  const requests = lhr.audits['network-requests'].details.items;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  let gzipped = 0;
  for (const { url } of scripts) gzipped += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  return {
    jsGzipKb: gzipped / 1024,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(lhr.categories[c].score * 100)])),
    metrics: Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id].numericValue])),
    jsKb: scripts.reduce((sum, r) => sum + r.transferSize, 0) / 1024,
    jsFiles: scripts.length,
    totalKb: lhr.audits['total-byte-weight'].numericValue / 1024,
    failures,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdownMultiplier,
    calibrated: {
      performance: Math.round(calibrated.categories.performance.score * 100),
      metrics: Object.fromEntries(METRICS.map(([id]) => [id, calibrated.audits[id].numericValue])),
    },
    lhr,
    calibratedLhr: calibrated,
    runtimeError: lhr.runtimeError?.message,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const startLoad = loadAverage();
console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, ` +
    `simulated throttling, median of ${RUNS} runs; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
    `load average ${startLoad} (1, 5, 15 min) on ${(await import('node:os')).availableParallelism()} cores`,
);
/** The busiest seeded ltc miner (many workers, payouts) and one of its workers, from the API. */
async function minerPaths() {
  const top = await (await fetch(`${site.apiBase}/ltc/api/v1/top-miners`)).json();
  const address = [...top.results].sort((a, b) => b.workers - a.workers)[0].address;
  const workers = await (await fetch(`${site.apiBase}/ltc/api/v3/miner/workers/${encodeURIComponent(address)}`)).json();
  const worker = workers.results[0];
  const miner = `/ltc/miner/%s/${encodeURIComponent(address)}`;
  return {
    stats: miner.replace('%s', 'stats'),
    worker: `${miner.replace('%s', 'stats')}/${encodeURIComponent(worker.worker)}/${worker.scheme ?? 'pps'}`,
    payouts: miner.replace('%s', 'payouts'),
  };
}

const miner = await minerPaths();
const PAGES = [
  ['static copy of / (baseline)', '/__lighthouse/home.html'],
  ['home', '/'],
  ['coin page', '/btc'],
  ['miner stats', miner.stats],
  ['worker', miner.worker],
  ['payouts', miner.payouts],
  ['device list', '/device/asic'],
  ['device page', '/device/asic/bitmain/antminer-s21'],
  ['articles', '/articles'],
  // An article page (its SEO score should be 100): structured data, alternates, headings.
  ['an article', '/articles/faq'],
  ['compare', '/compare-mining-pools'],
  ['about', '/about'],
]
  .filter(([name, path], i) => {
    const only = process.env.BENCH_PAGES?.split(',');
    return i === 0 || !only || only.includes(path) || only.includes(name);
  })
  // BENCH_LOCALE=fa: the same pages in another language (the baseline stays the English copy).
  .map(([name, path], i) => {
    const locale = process.env.BENCH_LOCALE;
    if (!locale || locale === 'en' || i === 0) return [name, path];
    return [`${name} (${locale})`, path === '/' ? `/${locale}` : `/${locale}${path}`];
  });
const table = [];

try {
  for (const [label, path] of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(site.base + path));
    if (process.env.BENCH_REPORTS) {
      mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
      const name = label.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '');
      writeFileSync(join(process.env.BENCH_REPORTS, `${name}.json`), JSON.stringify(runs.at(-1).lhr));
      writeFileSync(join(process.env.BENCH_REPORTS, `${name}.calibrated.json`), JSON.stringify(runs.at(-1).calibratedLhr));
    }
    const error = runs.find((r) => r.runtimeError)?.runtimeError;
    if (error) {
      console.log(`${label}: Lighthouse failed: ${error}`);
      continue;
    }
    const score = (c) => median(runs.map((r) => r.scores[c]));
    const metric = ([id, name, unit]) => {
      const v = median(runs.map((r) => r.metrics[id]));
      return `${name} ${unit ? Math.round(v) : v.toFixed(3)}${unit ? ' ' + unit : ''}`;
    };
    console.log(
      `${`${label} ${path.length > 40 ? `${path.slice(0, 40)}…` : path}`.padEnd(28)} performance ${score('performance')} (runs ${Math.min(...runs.map((r) => r.scores.performance))}` +
        `–${Math.max(...runs.map((r) => r.scores.performance))})  accessibility ${score('accessibility')}  ` +
        `best practices ${score('best-practices')}  SEO ${score('seo')}`,
    );
    const calibrated = (id) => median(runs.map((r) => r.calibrated.metrics[id]));
    const calibratedScore = median(runs.map((r) => r.calibrated.performance));
    console.log(`${''.padEnd(28)} 4x CPU: ${METRICS.map(metric).join('  ')}`);
    console.log(
      `${''.padEnd(28)} calibrated: performance ${calibratedScore} (runs ${runs.map((r) => r.calibrated.performance).join(', ')}; ` +
        `BenchmarkIndex ${runs.map((r) => Math.round(r.benchmarkIndex)).join(', ')} -> CPU slowdown ` +
        `${runs.map((r) => r.cpuSlowdownMultiplier.toFixed(2)).join(', ')}x)  LCP ${Math.round(calibrated('largest-contentful-paint'))} ms  ` +
        `TBT ${Math.round(calibrated('total-blocking-time'))} ms`,
    );
    console.log(
      `${''.padEnd(28)} JavaScript ${median(runs.map((r) => r.jsGzipKb)).toFixed(1)} KB gzipped, ` +
        `${median(runs.map((r) => r.jsKb)).toFixed(1)} KB as served, in ${median(runs.map((r) => r.jsFiles))} files; ` +
        `all bytes as served ${median(runs.map((r) => r.totalKb)).toFixed(1)} KB`,
    );
    const failures = [...new Set(runs.flatMap((r) => r.failures))];
    if (failures.length > 0) console.log(`${''.padEnd(28)} failed audits: ${failures.join(', ')}`);
    const value = (id, digits = 0) => median(runs.map((r) => r.metrics[id])).toFixed(digits);
    table.push(
      `| ${label} | ${score('performance')} | ${calibratedScore} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ` +
        `${value('largest-contentful-paint')} | ${value('total-blocking-time')} | ${Math.round(calibrated('total-blocking-time'))} | ` +
        `${value('cumulative-layout-shift', 3)} | ${median(runs.map((r) => r.jsGzipKb)).toFixed(1)} |`,
    );
  }
  console.log('');
  console.log(
    '| Page | Performance (4x CPU) | Performance (calibrated) | Accessibility | Best practices | SEO | LCP ms | TBT ms (4x) | TBT ms (calibrated) | CLS | JS KB gz |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of table) console.log(row);
  console.log(`\nload average at the end ${loadAverage()} (at the start ${startLoad})`);
} finally {
  await chrome.kill();
  await site.stop();
  rmSync(snapshot.dir, { recursive: true, force: true });
}
