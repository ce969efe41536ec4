import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@openpool/domain/api';
import { SOURCE_PATTERN } from '@openpool/domain/events';
import type { Engine } from '../engine/engine.ts';
import { EngineInputError, SourceBusyError } from '../engine/engine.ts';
import { HttpError } from '../http/errors.ts';
import type { IngestMetrics, IngestResultLabel } from '../metrics/api-metrics.ts';
import { NdjsonError, parseEvents } from './ndjson.ts';

export const INGEST_BODY_LIMIT = 32 * 1024 * 1024;

function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

export function registerIngestRoutes(
  app: FastifyInstance,
  options: { engine: Engine; token: string; now: () => number; metrics?: IngestMetrics },
): void {
  // Offsets are per source, like a partition's: a source's batches must be applied in the
  // order they were sent, or a later batch would commit a higher seq and an earlier one would
  // then look like a replay. So a source sends its next batch only after the previous answer;
  // a second batch arriving while one is being applied is refused (409), never reordered.
  const busy = new Set<string>();
  app.addContentTypeParser('application/x-ndjson', { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/internal/v1/events',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        tags: ['ingest'],
        summary: 'Ingest share, block, block-status and network events (NDJSON)',
        description:
          'Body: `application/x-ndjson`, one event per line (see `@openpool/domain/events`). Bearer token required. ' +
          'Acknowledged only after commit. Events whose `seq` is at or below the highest committed `seq` of `source` are skipped, so a replay changes nothing.',
        querystring: z.object({ source: z.string().regex(SOURCE_PATTERN).describe('sender id, e.g. `stratum-eu1`') }),
        response: {
          200: z.object({ accepted: z.number().int(), skipped: z.number().int(), last_seq: z.number().int() }),
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
        },
      },
      config: { cache: 'none' },
      // Before a byte of the body is read (issue 17): an anonymous client gets 401 at once,
      // never a schema message, and never makes the API hold its upload.
      onRequest: async (request) => {
        if (!tokenMatches(request.headers.authorization, options.token)) {
          throw new HttpError(401, 'unauthorized', 'A valid bearer token is required.', {}, { 'www-authenticate': 'Bearer' });
        }
        const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (mediaType !== 'application/x-ndjson')
          throw new HttpError(415, 'unsupported_media_type', 'Send application/x-ndjson.');
      },
    },
    async (request) => {
      if (typeof request.body !== 'string') throw new HttpError(415, 'unsupported_media_type', 'Send application/x-ndjson.');
      let events;
      try {
        const now = options.now();
        // Older than PPS's late window, an event could no longer be accounted (decision 018).
        events = parseEvents(request.body, now, { oldestMs: now - options.engine.lateWindowMs, chainOf: options.engine.chainOf });
      } catch (error) {
        if (error instanceof NdjsonError)
          throw new HttpError(400, 'bad_event', `line ${error.line}: ${error.message}`, { line: error.line });
        throw error;
      }
      const source = request.query.source;
      const sourceBusy = () =>
        new HttpError(
          409,
          'source_busy',
          'A batch of this source is being applied; send the next one after its answer.',
          {},
          { 'retry-after': '1' },
        );
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
  );
}
