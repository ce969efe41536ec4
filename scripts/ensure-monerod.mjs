// The Monero stratum tests, its benchmark and `npm run chain -- xmr` run a real `monerod --regtest`
// and hash with RandomX through Debian's librandomx0. Installs Debian's monero (monerod,
// monero-wallet-rpc) and librandomx-dev (the library and its header) with apt-get when missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NEEDED = ['/usr/bin/monerod', '/usr/bin/monero-wallet-rpc', '/usr/lib/x86_64-linux-gnu/librandomx.so.0'];
const PACKAGES = ['monero', 'librandomx-dev'];

const missing = NEEDED.filter((file) => !existsSync(file));
if (missing.length === 0) process.exit(0);

const asRoot = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
const run = (args) => {
  const [command, ...rest] = [...asRoot, ...args];
  execFileSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
};
console.log(`ensure-monerod: ${missing.join(', ')} missing; installing ${PACKAGES.join(', ')} with apt-get`);
try {
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...PACKAGES]);
} catch (error) {
  console.error(
    `ensure-monerod: could not install ${PACKAGES.join(', ')} (${error.message}). Install them yourself: apt-get install ${PACKAGES.join(' ')}`,
  );
  process.exit(1);
}
const still = NEEDED.filter((file) => !existsSync(file));
if (still.length > 0) {
  console.error(`ensure-monerod: apt-get finished but ${still.join(', ')} still missing`);
  process.exit(1);
}
