// The stratum tests, its benchmarks and `npm run chain` run a real `litecoind -regtest`.
// Installs Debian's litecoind package with apt-get when /usr/bin/litecoind is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const LITECOIND = '/usr/bin/litecoind';
const PACKAGES = ['litecoind'];

if (existsSync(LITECOIND)) process.exit(0);

const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
const run = (args) => {
  const [command, ...rest] = [...asRoot, ...args];
  execFileSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
};
console.log(`ensure-litecoind: ${LITECOIND} is missing; installing ${PACKAGES.join(', ')} with apt-get`);
try {
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...PACKAGES]);
} catch (error) {
  console.error(
    `ensure-litecoind: could not install litecoind (${error.message}). Install it yourself: apt-get install litecoind`,
  );
  process.exit(1);
}
if (!existsSync(LITECOIND)) {
  console.error(`ensure-litecoind: apt-get finished but ${LITECOIND} is still missing`);
  process.exit(1);
}
