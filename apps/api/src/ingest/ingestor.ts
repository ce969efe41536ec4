/**
 * One ingest path for every sender: the HTTP route (stratum servers, outside senders) and the
 * in-process simulator both hand a batch of NDJSON to `apply`, which parses it, applies it to
 * the engine one batch per source at a time, and counts it in the metrics.
 */
import type { Engine } from '../engine/engine.ts';
import { EngineInputError, SourceBusyError } from '../engine/engine.ts';
import { HttpError } from '../http/errors.ts';
import type { IngestMetrics, IngestResultLabel } from '../metrics/api-metrics.ts';
import { NdjsonError, parseEvents } from './ndjson.ts';

export interface IngestResult {
  accepted: number;
  skipped: number;
  last_seq: number;
}

export interface Ingestor {
  /**
   * `ownHistory`: the batch is the in-process simulator's regeneration of its own history, in
   * time order (a backfill, or a restart resuming each source from its committed offset after
   * the pool was down for days). Its events may be older than the late window: the engine's
   * clock for that coin is just as old, so they are accounted in order, not late. A batch from
   * outside is held to the wall clock (decision 018).
   */
  apply(source: string, body: string, options?: { ownHistory?: boolean }): Promise<IngestResult>;
}

export function createIngestor(options: { engine: Engine; now: () => number; metrics?: IngestMetrics }): Ingestor {
  // Offsets are per source, like a partition's: a source's batches must be applied in the
  // order they were sent, or a later batch would commit a higher seq and an earlier one would
  // then look like a replay. So a source sends its next batch only after the previous answer;
  // a second batch arriving while one is being applied is refused (409), never reordered.
  const busy = new Set<string>();
  const sourceBusy = () =>
    new HttpError(
      409,
      'source_busy',
      'A batch of this source is being applied; send the next one after its answer.',
      {},
      { 'retry-after': '1' },
    );
  return {
    async apply(source, body, { ownHistory = false } = {}) {
      let events;
      try {
        const now = options.now();
        // Older than PPS's late window, an event could no longer be accounted (decision 018).
        const oldestMs = ownHistory ? undefined : now - options.engine.lateWindowMs;
        events = parseEvents(body, now, { oldestMs, chainOf: options.engine.chainOf });
      } catch (error) {
        if (error instanceof NdjsonError)
          throw new HttpError(400, 'bad_event', `line ${error.line}: ${error.message}`, { line: error.line });
        throw error;
      }
      // In this process here; in another replica, the engine's lock in PostgreSQL says so.
      const started = performance.now();
      let result: IngestResultLabel = 'error';
      if (busy.has(source)) {
        options.metrics?.batch(source, events, 'busy', 0, options.now());
        throw sourceBusy();
      }
      busy.add(source);
      try {
        const applied = await options.engine.ingest(source, events);
        result = 'ok';
        return { accepted: applied.accepted, skipped: applied.skipped, last_seq: applied.lastSeq };
      } catch (error) {
        if (error instanceof EngineInputError) {
          result = 'bad_event';
          throw new HttpError(400, 'bad_event', error.message);
        }
        if (error instanceof SourceBusyError) {
          result = 'busy';
          throw sourceBusy();
        }
        throw error;
      } finally {
        busy.delete(source);
        options.metrics?.batch(source, events, result, (performance.now() - started) / 1000, options.now());
      }
    },
  };
}
