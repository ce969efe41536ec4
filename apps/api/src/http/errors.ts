/**
 * Every error the API answers goes through `errorHandler`: one place maps validation,
 * size, database and unexpected errors to a status and a JSON body (`errorSchema`).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@openpool/domain/api';
import { isDatabaseUnavailable } from '../db/database.ts';

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Partial<ApiErrorBody>;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    code: string,
    message: string,
    extra: Partial<ApiErrorBody> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
    this.headers = headers;
  }
}

export const unsupportedCoin = () => new HttpError(404, 'unsupported_coin', 'Unsupported coin');
export const notFound = (message = 'Nothing found') => new HttpError(404, 'not_found', message);
export const badRequest = (message: string, extra: Partial<ApiErrorBody> = {}) =>
  new HttpError(400, 'bad_request', message, extra);

/**
 * Every limit's refusal (decision 016): 429, how long to wait in Retry-After, and a message
 * saying which limit; the web maps the code to the visitor's language.
 */
export const LIMIT_REFUSALS = {
  too_many_attempts: 'Too many wrong proofs from your network; try again later.',
  mail_recipient_quiet:
    'This e-mail address did not confirm the last links sent to it; no further link is sent to it for a while.',
  mail_recipient_limit: 'This e-mail address has been sent as many confirmation links as it may get for now.',
  mail_asker_limit: 'Too many confirmation links were asked for by this miner or from your network; try again later.',
  // The public API's per-client quota (decision 023): the RateLimit headers say which.
  api_rate_limit: 'Too many requests from your address; wait as the Retry-After and RateLimit headers say.',
} as const;
export type LimitRefusal = keyof typeof LIMIT_REFUSALS;

export const limitRefusal = (code: LimitRefusal, waitSeconds: number) =>
  new HttpError(429, code, LIMIT_REFUSALS[code], {}, { 'retry-after': String(Math.max(1, Math.ceil(waitSeconds))) });

const DB_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL's codes for a character its text cannot hold: 22021 (a NUL byte), 22P05 (`\u0000` in JSON). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (error instanceof HttpError) {
    // A refusal by a limit is the operator's sign of an attack (or of a limit set too low).
    if (error.status === 429)
      request.log.warn(
        { refused: error.code, retryAfter: error.headers['retry-after'], client: request.ip, url: request.url },
        'limit',
      );
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return reply.code(error.status).send({ error: error.code, message: error.message, ...error.extra });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const where = issue
      ? `${error.validationContext ?? 'request'}${issue.instancePath ? issue.instancePath.replaceAll('/', '.') : ''}`
      : 'request';
    return reply
      .code(400)
      .send({ error: 'bad_request', message: `Invalid ${where}: ${issue?.message ?? 'does not match the schema'}` });
  }
  // Text PostgreSQL cannot store (NUL, U+0000, in any free-text field a client sends): the
  // client's input, not the server's fault, whichever field the route forgot to check.
  if (UNSTORABLE_TEXT.has((error as { code?: unknown }).code as string)) {
    return reply
      .code(400)
      .send({ error: 'bad_request', message: 'Invalid request: text may not hold the NUL character (U+0000)' });
  }
  if (isDatabaseUnavailable(error)) {
    reply.header('retry-after', String(DB_RETRY_AFTER_SECONDS));
    return reply
      .code(503)
      .send({ error: 'unavailable', message: 'The pool database is not reachable right now; try again shortly.' });
  }
  const fastifyError = error as FastifyError;
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response does not match its schema');
    return reply.code(500).send({ error: 'internal', message: 'Internal error' });
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
    const message = status === 413 ? 'The request body is too large.' : fastifyError.message || 'Bad request';
    return reply.code(status).send({ error: code, message });
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send({ error: 'internal', message: 'Internal error' });
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
}
