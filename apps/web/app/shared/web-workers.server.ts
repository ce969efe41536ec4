/**
 * Several web server processes on one port (node:cluster), so that page renders, which are CPU
 * work on one thread each, use every core (issue 16: uncached renders per second). The primary
 * only supervises: it forks the workers, starts another when one dies after it was serving,
 * stops when a worker cannot start at all (a missing build would otherwise fork forever), and
 * passes a stop on to the workers. Workers share nothing; each has its own page cache.
 */
import cluster, { type Worker } from 'node:cluster';

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
  const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => serving.add(worker));
    worker.once('exit', (code, signal) => {
      if (stopping) {
        if (live().length === 0) process.exit(exitCode);
        return;
      }
      if (!serving.has(worker)) {
        // It never served: the same start would fail again (bad build, port taken).
        log(`web: a worker could not start (${signal ?? `exit ${code}`}); stopping`);
        stop(code || 1);
        return;
      }
      log(`web: worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another`);
      fork();
    });
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
  for (let i = 0; i < count; i += 1) fork();
  log(`web: ${count} worker processes`);
}
