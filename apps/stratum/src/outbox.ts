/**
 * The way events reach the API: every event gets the next `seq` of this server's source and
 * is appended to an on-disk log (flushed and synced every 100 ms) before it is posted, in
 * order, one batch at a time, to the authenticated ingest endpoint. A batch leaves the log
 * only when the API acknowledged it (after its commit), so an API that is down or restarted
 * (even killed) loses nothing: the log is resent, and what the API already committed is
 * skipped by its offset. A restart of this server resumes from the log too.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { IngestEvent } from '@openpool/domain/events';

type Unsequenced<T> = T extends unknown ? Omit<T, 'seq'> : never;
export type OutgoingEvent = Unsequenced<IngestEvent>;

export interface Outbox {
  push(event: OutgoingEvent): void;
  /** Events not yet acknowledged by the API. */
  pending(): number;
  /** Resolves when everything pushed so far is acknowledged (or the time is up: false). */
  drain(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface OutboxOptions {
  dir: string;
  apiUrl: string;
  token: string;
  source: string;
  log: (line: string) => void;
  maxBatch?: number;
  flushMs?: number;
  /** Each post's result and time, for metrics (decision 022). */
  onPost?: (result: 'ok' | 'refused' | 'failed', seconds: number) => void;
}

export function openOutbox(options: OutboxOptions): Outbox {
  const { dir, apiUrl, token, source, log } = options;
  const maxBatch = options.maxBatch ?? 5000;
  mkdirSync(dir, { recursive: true });
  const logPath = join(dir, 'outbox.ndjson');
  const ackPath = join(dir, 'outbox.acked');
  const acked0 = existsSync(ackPath) ? Number(readFileSync(ackPath, 'utf8')) || 0 : 0;

  // Lines not yet acknowledged, oldest first, with their seq.
  let queue: { seq: number; line: string }[] = [];
  let lastSeq = acked0;
  if (existsSync(logPath)) {
    for (const line of readFileSync(logPath, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        const seq = (JSON.parse(line) as { seq: number }).seq;
        lastSeq = Math.max(lastSeq, seq);
        if (seq > acked0) queue.push({ seq, line: line + '\n' });
      } catch {
        // A torn last line from a crash mid-write: it was never posted, so never acknowledged.
      }
    }
  }
  // Rewrite the log with exactly what is pending (drops a torn tail), then append from there.
  writeFileSync(logPath + '.tmp', queue.map((entry) => entry.line).join(''));
  renameSync(logPath + '.tmp', logPath);
  let fd = openSync(logPath, 'a');
  let unwritten: string[] = [];
  let closed = false;
  let sending = false;
  let retryAt = 0;
  let backoffMs = 500;
  const waiters: (() => void)[] = [];

  function flush(): void {
    if (unwritten.length === 0) return;
    writeSync(fd, unwritten.join(''));
    fsyncSync(fd);
    unwritten = [];
  }

  function acknowledge(upTo: number): void {
    let drop = 0;
    while (drop < queue.length && queue[drop]!.seq <= upTo) drop += 1;
    queue = queue.slice(drop);
    writeFileSync(ackPath + '.tmp', String(upTo));
    renameSync(ackPath + '.tmp', ackPath);
    if (queue.length === 0 && unwritten.length === 0) {
      // Everything delivered: start an empty log instead of letting it grow forever.
      closeSync(fd);
      writeFileSync(logPath, '');
      fd = openSync(logPath, 'a');
    }
    if (queue.length === 0) for (const resolve of waiters.splice(0)) resolve();
  }

  async function sendNext(): Promise<void> {
    if (sending || closed || queue.length === 0 || Date.now() < retryAt) return;
    sending = true;
    flush();
    const batch = queue.slice(0, maxBatch);
    const last = batch.at(-1)!.seq;
    const started = performance.now();
    const posted = (result: 'ok' | 'refused' | 'failed') => options.onPost?.(result, (performance.now() - started) / 1000);
    try {
      const response = await fetch(`${apiUrl}/internal/v1/events?source=${encodeURIComponent(source)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
        body: batch.map((entry) => entry.line).join(''),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await response.json().catch(() => ({}))) as { last_seq?: number; line?: number; message?: string };
      if (response.status === 200) {
        acknowledge(Math.max(last, body.last_seq ?? 0));
        backoffMs = 500;
        posted('ok');
      } else if (response.status === 400 && typeof body.line === 'number' && batch[body.line - 1]) {
        // Our own bug, never the miner's: drop that one event loudly rather than block the stream.
        const bad = batch[body.line - 1]!;
        log(`outbox: the API refused event seq ${bad.seq} (${body.message}); dropping it`);
        queue = queue.filter((entry) => entry !== bad);
        posted('refused');
      } else {
        throw new Error(`ingest answered ${response.status}: ${body.message ?? ''}`);
      }
    } catch (error) {
      posted('failed');
      retryAt = Date.now() + backoffMs;
      if (backoffMs === 500 || backoffMs >= 8000)
        log(`outbox: ${(error as Error).message}; ${queue.length} events kept on disk, retrying`);
      backoffMs = Math.min(backoffMs * 2, 10_000);
    } finally {
      sending = false;
    }
  }

  const timer = setInterval(() => {
    flush();
    void sendNext();
  }, options.flushMs ?? 100);

  return {
    push(event) {
      if (closed) throw new Error('outbox closed');
      lastSeq += 1;
      const line = JSON.stringify({ ...event, seq: lastSeq }) + '\n';
      unwritten.push(line);
      queue.push({ seq: lastSeq, line });
    },
    pending: () => queue.length,
    drain(timeoutMs) {
      if (queue.length === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timeout = setTimeout(() => resolve(false), timeoutMs);
        waiters.push(() => {
          clearTimeout(timeout);
          resolve(true);
        });
      });
    },
    async close() {
      closed = true;
      clearInterval(timer);
      while (sending) await new Promise((resolve) => setTimeout(resolve, 20));
      flush();
      closeSync(fd);
    },
  };
}
