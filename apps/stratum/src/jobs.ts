/**
 * Work from the node: `getblocktemplate` (segwit and Litecoin's mweb rule) by long polling,
 * so a new block makes a new job at once, and refreshed every 30 s so new transactions get in.
 * Jobs of an older tip are gone: their shares are stale.
 */
import { buildJob, type BlockTemplate, type Job } from './job.ts';
import type { Rpc } from './rpc.ts';

export interface JobManager {
  current(): Job | undefined;
  get(id: string): Job | undefined;
  /** Fetches a template now (after a block of ours, or on the refresh timer). */
  refresh(): Promise<void>;
  start(): Promise<void>;
  stop(): void;
}

const KEEP_JOBS = 16;

export function createJobManager(options: {
  rpc: Rpc;
  payoutScript: Buffer;
  onJob: (job: Job, clean: boolean) => void;
  log: (line: string) => void;
  now: () => number;
  refreshMs?: number;
  /** The latest audit root to commit to in each coinbase (decision 025), when known. */
  auditRoot?: () => string | undefined;
}): JobManager {
  const { rpc, payoutScript, onJob, log, now } = options;
  const jobs = new Map<string, Job>();
  let current: Job | undefined;
  let counter = 0;
  let longpollId: string | undefined;
  let stopped = false;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;

  function accept(template: BlockTemplate & { longpollid?: string }): void {
    longpollId = template.longpollid ?? longpollId;
    const clean = !current || current.prevHash !== template.previousblockhash;
    const job = buildJob((++counter).toString(16), template, payoutScript, now(), options.auditRoot?.());
    if (clean) jobs.clear();
    jobs.set(job.id, job);
    if (jobs.size > KEEP_JOBS) jobs.delete(jobs.keys().next().value!);
    current = job;
    onJob(job, clean);
  }

  const template = (extra: Record<string, unknown> = {}, signal?: AbortSignal) =>
    rpc<BlockTemplate & { longpollid?: string }>('getblocktemplate', [{ rules: ['mweb', 'segwit'], ...extra }], { signal });

  let refreshing: Promise<void> | undefined;
  async function refresh(): Promise<void> {
    refreshing ??= template()
      .then(accept)
      .finally(() => (refreshing = undefined));
    return refreshing;
  }

  async function longPoll(): Promise<void> {
    while (!stopped) {
      try {
        const next = await template({ longpollid: longpollId }, abort.signal);
        if (!stopped) accept(next);
      } catch (error) {
        if (stopped) return;
        log(`jobs: long poll failed, retrying: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  return {
    current: () => current,
    get: (id) => (current && jobs.get(id)?.prevHash === current.prevHash ? jobs.get(id) : undefined),
    refresh,
    async start() {
      await refresh();
      void longPoll();
      timer = setInterval(
        () => void refresh().catch((error: Error) => log(`jobs: refresh failed: ${error.message}`)),
        options.refreshMs ?? 30_000,
      );
    },
    stop() {
      stopped = true;
      abort.abort();
      if (timer) clearInterval(timer);
    },
  };
}
