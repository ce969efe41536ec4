import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '~/platform/api-client';
import { describeError, pageError, pageNotFound, unknownMiddleware, unsupportedCoin } from './http-errors';

function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

/** What React Router hands the error boundary for a thrown `data(...)`. */
function asRouteError(thrown: unknown): ErrorResponseImpl {
  const { data, init } = thrown as { data: unknown; init: ResponseInit | null };
  return new ErrorResponseImpl(init?.status ?? 500, init?.statusText, data);
}

describe('page errors', () => {
  it('unsupportedCoin throws data({ reason: unsupported-coin }) with status 404', () => {
    const thrown = thrownBy(unsupportedCoin);
    expect(thrown).toMatchObject({ type: 'DataWithResponseInit', data: { reason: 'unsupported-coin' }, init: { status: 404 } });
    // The router turns it into an ErrorResponse; the raw value is not one.
    expect(isRouteErrorResponse(thrown)).toBe(false);
    expect(describeError(asRouteError(thrown))).toEqual({ status: 404, reason: 'unsupported-coin' });
  });

  it('pageNotFound throws data({ reason: page-not-found }) with status 404', () => {
    const thrown = thrownBy(pageNotFound);
    expect(thrown).toMatchObject({ type: 'DataWithResponseInit', data: { reason: 'page-not-found' }, init: { status: 404 } });
    expect(describeError(asRouteError(thrown))).toEqual({ status: 404, reason: 'page-not-found' });
  });

  it('unknownMiddleware throws data({ reason: unknown-middleware }) with status 500', () => {
    const thrown = thrownBy(unknownMiddleware);
    expect(thrown).toMatchObject({ type: 'DataWithResponseInit', data: { reason: 'unknown-middleware' }, init: { status: 500 } });
    expect(describeError(asRouteError(thrown))).toEqual({ status: 500, reason: 'unknown-middleware' });
  });

  it('pageError keeps the given status', () => {
    const thrown = thrownBy(() => pageError('page-not-found', 410));
    expect(thrown).toMatchObject({ data: { reason: 'page-not-found' }, init: { status: 410 } });
    expect(describeError(asRouteError(thrown))).toEqual({ status: 410, reason: 'page-not-found' });
  });
});

describe('describeError: route error responses', () => {
  it('a 404 without a reason is page-not-found', () => {
    expect(describeError(new ErrorResponseImpl(404, 'Not Found', null))).toEqual({ status: 404, reason: 'page-not-found' });
    expect(describeError(new ErrorResponseImpl(404, 'Not Found', 'No route matches URL "/x/y/z"'))).toEqual({
      status: 404,
      reason: 'page-not-found',
    });
    expect(describeError(new ErrorResponseImpl(404, '', {}))).toEqual({ status: 404, reason: 'page-not-found' });
  });

  it('other statuses without a reason have no reason', () => {
    expect(describeError(new ErrorResponseImpl(403, 'Forbidden', 'Forbidden'))).toEqual({ status: 403, reason: null });
    expect(describeError(new ErrorResponseImpl(500, '', null))).toEqual({ status: 500, reason: null });
    expect(describeError(new ErrorResponseImpl(405, '', { message: 'no' }))).toEqual({ status: 405, reason: null });
  });

  it('the reason in the body wins over the status default', () => {
    expect(describeError(new ErrorResponseImpl(404, '', { reason: 'unsupported-coin' }))).toEqual({
      status: 404,
      reason: 'unsupported-coin',
    });
  });
});

describe('describeError: other errors', () => {
  it('reads statusCode', () => {
    expect(describeError({ statusCode: 403 })).toEqual({ status: 403, reason: null });
  });

  it('reads status', () => {
    expect(describeError({ status: 502 })).toEqual({ status: 502, reason: null });
    expect(describeError(Object.assign(new Error('denied'), { status: 401 }))).toEqual({ status: 401, reason: null });
  });

  it('reads response.status', () => {
    expect(describeError({ response: { status: 429 } })).toEqual({ status: 429, reason: null });
  });

  it('prefers statusCode, then status, then response.status', () => {
    expect(describeError({ statusCode: 418, status: 503, response: { status: 429 } })).toEqual({ status: 418, reason: null });
    expect(describeError({ status: 503, response: { status: 429 } })).toEqual({ status: 503, reason: null });
  });

  it('skips a status outside 400-599 and takes the next one', () => {
    expect(describeError({ statusCode: 200, status: 404 })).toEqual({ status: 404, reason: null });
    expect(describeError({ status: 302, response: { status: 451 } })).toEqual({ status: 451, reason: null });
  });

  it('ignores out-of-range and non-numeric statuses, defaulting to 500', () => {
    expect(describeError({ status: 200 })).toEqual({ status: 500, reason: null });
    expect(describeError({ status: 399 })).toEqual({ status: 500, reason: null });
    expect(describeError({ status: 600 })).toEqual({ status: 500, reason: null });
    expect(describeError({ statusCode: 0 })).toEqual({ status: 500, reason: null });
    expect(describeError({ status: '404' })).toEqual({ status: 500, reason: null });
    expect(describeError({ response: { status: Number.NaN } })).toEqual({ status: 500, reason: null });
  });

  it('keeps the range bounds 400 and 599', () => {
    expect(describeError({ status: 400 })).toEqual({ status: 400, reason: null });
    expect(describeError({ status: 599 })).toEqual({ status: 599, reason: null });
  });

  it('defaults to 500 for anything without a status', () => {
    expect(describeError(new Error('boom'))).toEqual({ status: 500, reason: null });
    expect(describeError(null)).toEqual({ status: 500, reason: null });
    expect(describeError(undefined)).toEqual({ status: 500, reason: null });
    expect(describeError('boom')).toEqual({ status: 500, reason: null });
    expect(describeError(404)).toEqual({ status: 500, reason: null });
    expect(describeError({ response: null })).toEqual({ status: 500, reason: null });
  });

  it('reads the status of an API error and of a Response', () => {
    expect(describeError(new ApiError(503, { error: 'down' }, 'https://api.example/x'))).toEqual({ status: 503, reason: null });
    expect(describeError(new Response(null, { status: 404 }))).toEqual({ status: 404, reason: null });
  });
});
