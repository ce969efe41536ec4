import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@openpool/domain/api';
import { SOURCE_PATTERN } from '@openpool/domain/events';
import { HttpError } from '../http/errors.ts';
import type { DatabaseHealth } from '../db/database.ts';
import type { Ingestor } from './ingestor.ts';
import { API_ROUTES } from '@openpool/domain/paths';

export const INGEST_BODY_LIMIT = 32 * 1024 * 1024;

function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** Seconds a sender waits before sending again while the database's disk is full. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 30;

export function registerIngestRoutes(
  app: FastifyInstance,
  options: { ingestor: Ingestor; token: string; database?: () => DatabaseHealth },
): void {
  const { ingestor } = options;
  app.addContentTypeParser('application/x-ndjson', { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.ingest,
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
          503: errorSchema,
        },
      },
      config: { cache: 'none' },
      // Before a byte of the body is read (decision 008): an anonymous client gets 401 at once,
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
      // A full disk refuses ingest before PostgreSQL does (decision 030): under 64 MB free, the next
      // WAL segment may not fit, and PostgreSQL stops (PANIC) when it cannot write one, taking
      // the reads down with it. The sender keeps its events and sends them again (seq dedupes).
      if (options.database?.().state === 'disk_full')
        throw new HttpError(
          503,
          'unavailable',
          'The pool database has no disk space left; send again later.',
          {},
          { 'retry-after': String(DISK_FULL_RETRY_AFTER_SECONDS) },
        );
      return ingestor.apply(request.query.source, request.body);
    },
  );
}
