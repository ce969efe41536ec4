// `npm test`: everything CI runs, in the order that fails fastest. Installs Debian's Chromium,
// litecoind and monero + librandomx (the stratum tests run real regtest nodes) and prometheus (the ops tests run
// promtool and a real Prometheus) when they are missing, then: lint, typecheck, unit tests,
// build, ops tests (they scrape the built web server), browser tests. Ends with one line
// 'N passed, N failed' summing the unit, ops and browser test counts.
// Every test step (unit, ops, browser) runs with a temporary folder of its own (TMPDIR) that is
// removed after it; a step that leaves a process running from it (an embedded PostgreSQL) or one
// of the project's data folders in it fails the run, naming them (scripts/leftovers.mjs,
// decision 001).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runStage } from './leftovers.mjs';

const root = join(import.meta.dirname, '..');
// Not test-results/: Playwright empties that folder when it starts.
const results = join(root, 'test-reports');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// Ctrl-C reaches the running step's processes too (one process group): let the step end, clear
// its folder, and run no further step, rather than die here and leave the step's folder behind.
let interrupted = false;
process.on('SIGINT', () => (interrupted = true));

async function step(title, command, args, env = {}) {
  if (interrupted) return false;
  console.log(`\n== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const stage = await runStage(title, command, args, { cwd: root, env: { ...process.env, ...env } });
  if (stage.message) console.error(`\n${stage.message}`);
  console.log(`== ${title}: ${stage.ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return stage.ok;
}

/**
 * A step that starts no servers and keeps the machine's temporary folder: apt-get, which the
 * install steps run, hands TMPDIR to its `_apt` user, who cannot write in a folder of ours.
 */
function plainStep(title, command, args) {
  if (interrupted) return false;
  console.log(`\n== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`== ${title}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return run.status === 0;
}

function counts(file, read) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

const npx = (bin, ...args) => ['npx', ['--no-install', bin, ...args]];
let ok = plainStep('chromium', process.execPath, ['scripts/ensure-chromium.mjs']);
ok = ok && plainStep('litecoind', process.execPath, ['scripts/ensure-litecoind.mjs']);
ok = ok && plainStep('monerod', process.execPath, ['scripts/ensure-monerod.mjs']);
ok = ok && plainStep('prometheus', process.execPath, ['scripts/ensure-prometheus.mjs']);
ok = ok && plainStep('lint', ...npx('eslint', '.', '--max-warnings', '0'));
ok = ok && plainStep('format', ...npx('prettier', '--check', '.'));
ok = ok && plainStep('typecheck', 'npm', ['run', 'typecheck']);
const unitOk =
  ok &&
  (await step(
    'unit tests',
    ...npx('vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(results, 'unit.json')}`),
  ));
ok = unitOk && plainStep('build', 'npm', ['run', 'build']);
ok =
  ok &&
  (await step(
    'ops tests',
    ...npx(
      'vitest',
      'run',
      '--config',
      'ops/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${join(results, 'ops.json')}`,
    ),
  ));
ok = ok && (await step('browser tests', ...npx('playwright', 'test'), { CI: process.env.CI ?? 'true' }));

const unit = counts(join(results, 'unit.json'), (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
const opsTests = counts(join(results, 'ops.json'), (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
const e2e = counts(join(results, 'e2e.json'), (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky }));
console.log(
  `\nunit ${unit.passed}/${unit.passed + unit.failed}, ops ${opsTests.passed}/${opsTests.passed + opsTests.failed}, ` +
    `browser ${e2e.passed}/${e2e.passed + e2e.failed}`,
);
// A step that failed before any test could (lint, build) still counts as one failure.
const failed = unit.failed + opsTests.failed + e2e.failed;
console.log(`${unit.passed + opsTests.passed + e2e.passed} passed, ${!ok && failed === 0 ? 1 : failed} failed`);
process.exit(ok ? 0 : 1);
