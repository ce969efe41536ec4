// The web app as an earlier commit built it, for a bench that sets "before" beside "now" in one
// run against the same API (decision 034: the miner page's eight reads beside its one). The
// commit's tree is exported with `git archive` into a folder of the system's temporary directory
// (no worktree, nothing in the checkout's .git changes), its packages are linked in place of the
// checkout's (so the old app builds with its own domain code) and every other dependency is the
// checkout's; it is built there once and kept for the next run (the folder is named by the commit).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './site.mjs';

/** `{ sha, webDir }` of `commit`'s web app, built (the first time, a minute or two on two cores). */
export function beforeBuild(commit) {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), `op-bench-before-${sha.slice(0, 12)}`);
  const webDir = join(dir, 'apps/web');
  if (existsSync(join(webDir, 'build/server.js'))) return { sha, dir, webDir };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${dir}'`], { cwd: root, stdio: 'inherit' });
  // The checkout's dependencies, but its own workspace packages: the old app with its old domain.
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@openpool'), { recursive: true });
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name !== '@openpool') symlinkSync(join(root, 'node_modules', name), join(modules, name));
  }
  for (const name of readdirSync(join(dir, 'packages')))
    symlinkSync(join(dir, 'packages', name), join(modules, '@openpool', name));
  for (const app of ['web', 'api']) {
    const own = join(root, 'apps', app, 'node_modules');
    if (existsSync(own)) symlinkSync(own, join(dir, 'apps', app, 'node_modules'));
  }
  console.log(`  building the web app of ${sha.slice(0, 12)} in ${dir} (once)`);
  const env = { ...process.env, NODE_ENV: 'production' };
  delete env.WEB_BUILD_DIR;
  // This Node (the project's), not whichever `node` the PATH names first.
  execFileSync(process.execPath, [join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
    cwd: webDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  execFileSync(process.execPath, ['build-server.ts'], { cwd: webDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  return { sha, dir, webDir };
}
