/**
 * Whether a process named by a pid file still runs: the embedded PostgreSQL's orphan check
 * (embedded.ts) and the restore's check for an abandoned one (backup/restore-cli.ts).
 */
import { existsSync, readFileSync } from 'node:fs';

/**
 * True while `pid` runs. A zombie (a postmaster that exited after a `kill -9` of its API, not
 * yet reaped by whoever inherited it) still answers kill(0) but runs nothing and holds no
 * folder: waiting for it to stop would wait out every escalation and then report a server that
 * is not there. Linux tells it by the state letter of /proc/<pid>/stat; without /proc the
 * process counts as running.
 */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // `pid (comm) S ...`: comm may hold spaces and parentheses, so the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    // No /proc at all: count it as running; /proc without the pid: it has just gone.
    return !existsSync('/proc/self/stat');
  }
}
