// Browser tests use Debian's Chromium (browser downloads do not work on these machines).
// Installs it, with fonts for every script the site shows, when /usr/bin/chromium is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-noto-core', 'fonts-noto-cjk'];

if (existsSync(CHROMIUM)) process.exit(0);

const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
const run = (args) => {
  const [command, ...rest] = [...asRoot, ...args];
  execFileSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
};
console.log(`ensure-chromium: ${CHROMIUM} is missing; installing ${PACKAGES.join(', ')} with apt-get`);
try {
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...PACKAGES]);
} catch (error) {
  console.error(`ensure-chromium: could not install Chromium (${error.message}). Install it yourself: apt-get install chromium`);
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`ensure-chromium: apt-get finished but ${CHROMIUM} is still missing`);
  process.exit(1);
}
