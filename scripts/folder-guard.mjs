// node scripts/folder-guard.mjs <folder>: clears a test's temporary folder when its owner ends
// (decision 001). The owner (a vitest worker, Playwright's runner, a bench) starts this with a
// pipe on our stdin and nothing else holds that pipe: it closes when the owner says it is done
// (ends the pipe), exits, crashes or is killed, SIGKILL included, which is how vitest's workers
// end (SIGTERM, no exit hooks) and how a timed-out run ends. Then every process whose command line
// names something inside the folder (the embedded PostgreSQL's `-D <folder>/data`, an initdb) is
// stopped and the folder removed. Its own process group, deaf to the signals a terminal or a
// runner sends the group, so that it outlives the owner long enough to clean up.
import { clearFolder } from './leftovers.mjs';

const folder = process.argv[2];
if (!folder || !folder.startsWith('/')) {
  process.stderr.write('usage: node scripts/folder-guard.mjs <absolute folder>\n');
  process.exit(2);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
// The owner may be gone by the time we report: a closed stderr is no reason to crash.
process.stderr.on('error', () => {});

let clearing = false;
async function clear() {
  if (clearing) return;
  clearing = true;
  try {
    await clearFolder(folder);
    process.exit(0);
  } catch (error) {
    process.stderr.write(`folder guard: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
process.stdin.on('data', () => {});
process.stdin.on('end', clear);
process.stdin.on('close', clear);
process.stdin.on('error', clear);
