// `npm run bench:hardware`: figures for the hardware pages (decision 010).
//   1. SSR of /device/gpu (the whole GPU catalogue) and of a device page, every request rendered
//      (PAGE_CACHE_MB=0), next to a static copy of the same HTML served by the same process;
//   2. JavaScript of a first visit, gzipped (goal: at most 150 KB);
//   3. in Chromium with the CPU slowed 4x, on the full GPU list: applying a filter (a select's
//      change, applied at once in the page) beside a baseline (a change that renders nothing
//      new: the frame alone), and changing the power cost (goal for both: under 50 ms).
// BENCH_SITE_URL points it at a running site instead (which should run with PAGE_CACHE_MB=0).
// BENCH_WEB_BUILD=apps/<copy>/build runs that build (one made with WEB_BUILD_DIR beside apps/web,
// its app/ and node_modules linked to apps/web's) instead of apps/web/build.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { root, startSite } from './lib/site.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3290);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const buildDir = join(root, process.env.BENCH_WEB_BUILD ?? 'apps/web/build');
const site = process.env.BENCH_SITE_URL ? null : await startSite(PORT, { PAGE_CACHE_MB: '0' }, { webDir: dirname(buildDir) });
const base = process.env.BENCH_SITE_URL ?? site.base;
const staticDir = join(buildDir, 'client/__bench-hw');
mkdirSync(staticDir, { recursive: true });
process.on('exit', () => rmSync(staticDir, { recursive: true, force: true }));

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
async function timed(url) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'accept-language': 'en' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return { median: quantile(times, 0.5), p90: quantile(times, 0.9) };
}
const ms = (value) => `${value.toFixed(1)} ms`;

console.log(`hardware pages, ${RUNS} sequential requests each (median / p90)`);
for (const path of ['/device/gpu', '/device/asic', '/device/asic/bitmain/antminer-s21-pro']) {
  const html = await (await fetch(base + path)).text();
  const name = `${path.replace(/\W+/g, '_')}.html`;
  writeFileSync(join(staticDir, name), html);
  const rendered = await timed(base + path);
  const copy = await timed(`${base}/__bench-hw/${name}`);
  const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  let js = 0;
  for (const url of scripts) js += gzipSync(Buffer.from(await (await fetch(base + url)).arrayBuffer()), { level: 9 }).length;
  console.log(
    `  ${path.padEnd(40)} SSR ${ms(rendered.median)} / ${ms(rendered.p90)}   static ${ms(copy.median)} / ${ms(copy.p90)}   ` +
      `HTML ${(gzipSync(html).length / 1024).toFixed(1)} KB gz   first-visit JS ${(js / 1024).toFixed(1)} KB gz in ${scripts.size} files`,
  );
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const cdp = await page.context().newCDPSession(page);
await page.goto(`${base}/device/gpu`, { waitUntil: 'networkidle' });
await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
const gpus = await page.getByTestId('device-row').count();
// BENCH_CPU_RATE=1 times the same on the machine's own speed, for reference.
const CPU_RATE = Number(process.env.BENCH_CPU_RATE ?? 4);
// Rows the answering frame draws at most (FIRST_ROWS in features/hardware/device-rows.tsx): those
// on screen, 6 at 1440x900.
const FIRST_ROWS = 8;
await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });

/**
 * Inside the page: from a select's change to the frame that shows its effect (the frame's
 * style, layout and paint included: the time is read after the next animation frame's task).
 * `expect` is a text the first row must contain, or null for a change that shows nothing new.
 */
const CHANGE = async ([name, value, expect]) => {
  const select = document.querySelector(`[data-testid="device-filters"] select[name="${name}"]`);
  const shows = () => expect === null || document.querySelector('[data-testid="device-row"]')?.textContent?.includes(expect);
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
  const start = performance.now();
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  while (!shows() && performance.now() - start < 5000) await new Promise((r) => requestAnimationFrame(r));
  await frame();
  const first = performance.now() - start;
  // The whole list: the rows past the first screen follow in a transition, then the body loses data-partial.
  while (document.querySelector('[data-testid="device-rows"][data-partial]') && performance.now() - start < 5000)
    await new Promise((r) => setTimeout(r));
  await frame();
  return [first, performance.now() - start];
};
const ALGORITHMS = [
  'fishhash',
  'kheavyhash',
  'blake3',
  'karlsenhash',
  'nexapow',
  'xelishash',
  'octopus',
  'autolykos2',
  'kawpow',
  'etchash',
];
const baseline = [];
const filterTimes = [];
const wholeTimes = [];
const costTimes = [];
for (let i = 0; i < RUNS; i += 1) {
  const algorithm = ALGORITHMS[i % ALGORITHMS.length];
  // Baseline: a change to the sort it already has, which renders nothing new; the frame alone.
  baseline.push((await page.evaluate(CHANGE, ['sort', 'profit', null]))[0]);
  const [first, whole] = await page.evaluate(CHANGE, ['algorithm', algorithm, algorithm]);
  filterTimes.push(first);
  wholeTimes.push(whole);
  await page.waitForURL(new RegExp(`algorithm=${algorithm}`));
  if (i < 5) {
    // The power cost: the list's figures recomputed in the browser, measured inside the page.
    costTimes.push(
      await page.evaluate(
        async (cost) => {
          const input = document.querySelector('[data-testid="power-cost"]');
          const cell = document.querySelector('[data-testid="device-profit"]');
          const before = cell.textContent;
          const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
          const start = performance.now();
          setter.call(input, cost);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          while (cell.textContent === before && performance.now() - start < 2000)
            await new Promise((r) => requestAnimationFrame(r));
          return performance.now() - start;
        },
        String(0.05 + i / 100),
      ),
    );
  }
}
await page.evaluate(CHANGE, ['algorithm', '', null]);
console.log(
  `in the browser, CPU slowed ${CPU_RATE}x, /device/gpu with all ${gpus} cards (median of ${RUNS} / worst; load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')})`,
);
console.log(
  `  baseline: a change that shows nothing new (the frame alone):      ${ms(quantile(baseline, 0.5))} / ${ms(Math.max(...baseline))}`,
);
console.log(
  `  apply an algorithm filter (change to the painted frame, no server):  ${ms(quantile(filterTimes, 0.5))} / ${ms(Math.max(...filterTimes))}   goal: under 50 ms`,
);
console.log(
  `  the same, until every matching card is drawn (past the first ${FIRST_ROWS} at most): ${ms(quantile(wholeTimes, 0.5))} / ${ms(Math.max(...wholeTimes))}`,
);
console.log(
  `  change the power cost (list recomputed, to the next frame):          ${ms(quantile(costTimes, 0.5))} / ${ms(Math.max(...costTimes))}`,
);
await browser.close();
await site?.stop();
