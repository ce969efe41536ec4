// `npm run bench:lighthouse`: Lighthouse (mobile, its default simulated throttling) in Debian's
// Chromium on the home page and a coin page, rendered from real pool data, next to a static copy
// of the home page's HTML served by the same server in the same run (the machine is shared and
// noisy: the baseline shows what the machine itself costs). Prints the four category scores,
// the metrics behind the performance score, and the JavaScript a first visit downloads: every
// script the page loads until the network is quiet (lazy chunks and the locale catalogue
// included), each gzipped at level 9 (the budget's measure) and as served (transfer size,
// Brotli). Median of BENCH_RUNS runs (5, as Lighthouse advises: a single run varies by a few points here).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root, startSite } from './lib/site.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3292);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'SI', 'ms'],
];

const site = await startSite(PORT);
const staticDir = join(root, 'apps/web/build/client/__lighthouse');
process.on('exit', () => rmSync(staticDir, { recursive: true, force: true }));
mkdirSync(staticDir, { recursive: true });
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

async function audit(url) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
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
    runtimeError: lhr.runtimeError?.message,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, ` +
    `simulated throttling, median of ${RUNS} runs`,
);
try {
  for (const [label, path] of [
    ['static copy of / (baseline)', '/__lighthouse/home.html'],
    ['SSR /', '/'],
    ['SSR /btc', '/btc'],
    // An article page (issue 13: SEO 100 there): structured data, alternates, headings.
    ['SSR /articles/faq', '/articles/faq'],
  ]) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(site.base + path));
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
      `${label.padEnd(28)} performance ${score('performance')} (runs ${Math.min(...runs.map((r) => r.scores.performance))}` +
        `–${Math.max(...runs.map((r) => r.scores.performance))})  accessibility ${score('accessibility')}  ` +
        `best practices ${score('best-practices')}  SEO ${score('seo')}`,
    );
    console.log(`${''.padEnd(28)} ${METRICS.map(metric).join('  ')}`);
    console.log(
      `${''.padEnd(28)} JavaScript ${median(runs.map((r) => r.jsGzipKb)).toFixed(1)} KB gzipped, ` +
        `${median(runs.map((r) => r.jsKb)).toFixed(1)} KB as served, in ${median(runs.map((r) => r.jsFiles))} files; ` +
        `all bytes as served ${median(runs.map((r) => r.totalKb)).toFixed(1)} KB`,
    );
    const failures = [...new Set(runs.flatMap((r) => r.failures))];
    if (failures.length > 0) console.log(`${''.padEnd(28)} failed audits: ${failures.join(', ')}`);
  }
} finally {
  await chrome.kill();
  rmSync(staticDir, { recursive: true, force: true });
  await site.stop();
}
