// `npm start`: builds the site if there is no build yet, then runs the API and the web server
// side by side. Ctrl-C (or SIGTERM) stops both; if one of them dies, the other is stopped too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const webBuild = join(root, 'apps/web/build/server/index.js');

if (!existsSync(webBuild) || process.env.FORCE_BUILD === '1') {
  console.log('start: building the site (first run)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [
  { name: 'api', cwd: join(root, 'apps/api'), args: ['src/server.ts'] },
  { name: 'web', cwd: join(root, 'apps/web'), args: ['server.ts'] },
].map(({ name, cwd, args }) => {
  const child = spawn(process.execPath, args, { cwd, stdio: 'inherit', env: process.env });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`start: ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest`);
    stop(code || 1);
  });
  return child;
});

let stopping = false;
function stop(code) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const deadline = setTimeout(() => process.exit(code), 10_000);
  Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null))).then(() => {
    clearTimeout(deadline);
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
