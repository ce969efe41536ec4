// The ops tests (decision 022) check the alert rules with promtool and run a real Prometheus
// against the running processes; `npm run test:ops` and `npm test` call this first.
// Installs Debian's prometheus package (prometheus and promtool) when /usr/bin/promtool is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PROMTOOL = '/usr/bin/promtool';
const PACKAGES = ['prometheus'];

if (existsSync(PROMTOOL)) process.exit(0);

const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
const run = (args) => {
  const [command, ...rest] = [...asRoot, ...args];
  execFileSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
};
console.log(`ensure-prometheus: ${PROMTOOL} is missing; installing ${PACKAGES.join(', ')} with apt-get`);
try {
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...PACKAGES]);
} catch (error) {
  console.error(
    `ensure-prometheus: could not install prometheus (${error.message}). Install it yourself: apt-get install prometheus`,
  );
  process.exit(1);
}
if (!existsSync(PROMTOOL)) {
  console.error(`ensure-prometheus: apt-get finished but ${PROMTOOL} is still missing`);
  process.exit(1);
}
