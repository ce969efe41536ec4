/**
 * Several web server processes on one port (node:cluster), so that page renders, which are CPU
 * work on one thread each, use every core (more uncached renders per second, decision 015). The primary
 * only supervises: it forks the workers, starts another when one dies after it was serving,
 * stops when a worker cannot start at all (a missing build would otherwise fork forever), and
 * passes a stop on to the workers. Workers share nothing; each has its own page cache.
 *
 * SIGHUP restarts the workers one at a time (decision 022, rolling upgrades): a new worker is
 * started and listening before an old one is told to drain (`DRAIN_MESSAGE`, drain.server.ts),
 * so the port never lacks a worker; a new worker runs the build on disk, so
 * `npm run build` then SIGHUP upgrades the site without a failed request.
 */
import cluster, { type Worker } from 'node:cluster';

/** Sent by the supervisor to a worker it replaces: finish, then exit. */
export const DRAIN_MESSAGE = 'openpool:drain';

export interface SuperviseOptions {
  count: number;
  log?: (line: string) => void;
  /** How long the workers get to finish their requests after a stop. */
  stopDeadlineMs?: number;
}

export function superviseWorkers({ count, log = console.error, stopDeadlineMs = 3000 }: SuperviseOptions): void {
  let stopping = false;
  let exitCode = 0;
  const serving = new WeakSet<Worker>();
  /** Workers told to drain by a rolling restart: their exit is expected. */
  const retiring = new WeakSet<Worker>();
  let restarting = false;
  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => serving.add(worker));
    worker.once('exit', (code, signal) => {
      if (stopping) {
        if (live().length === 0) process.exit(exitCode);
        return;
      }
      if (retiring.has(worker)) return;
      if (!serving.has(worker)) {
        // It never served: the same start would fail again (bad build, port taken).
        log(`web: a worker could not start (${signal ?? `exit ${code}`}); stopping`);
        stop(code || 1);
        return;
      }
      log(`web: worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another`);
      fork();
    });
    return worker;
  };

  const rollingRestart = async () => {
    if (restarting || stopping) return;
    restarting = true;
    const old = live();
    log(`web: restarting ${old.length} workers one at a time`);
    for (const worker of old) {
      if (stopping) break;
      const fresh = fork();
      const started = await new Promise<boolean>((resolve) => {
        fresh.once('listening', () => resolve(true));
        fresh.once('exit', () => resolve(false));
      });
      if (!started) break;
      retiring.add(worker);
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.send(DRAIN_MESSAGE);
      const kill = setTimeout(() => worker.process.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(kill);
    }
    restarting = false;
    if (!stopping) log(`web: rolling restart done (${live().length} workers)`);
  };

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = live();
    if (workers.length === 0) process.exit(code);
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(code), stopDeadlineMs).unref();
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0));
  process.on('SIGHUP', () => void rollingRestart());
  for (let i = 0; i < count; i += 1) fork();
  log(`web: ${count} worker processes`);
}
