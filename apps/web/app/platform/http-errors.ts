/**
 * Every expected failure of a page, mapped in one place (style.md, Errors): loaders and
 * middleware throw these; the error page turns the reason into the spec's words.
 */
import { data, isRouteErrorResponse } from 'react-router';

export type ErrorReason = 'unsupported-coin' | 'page-not-found' | 'unknown-middleware';

export interface PageErrorBody {
  reason: ErrorReason;
}

export function pageError(reason: ErrorReason, status: number): never {
  throw data<PageErrorBody>({ reason }, { status });
}

/** 404 'Unsupported coin': a coin outside enabled and private_enabled. */
export const unsupportedCoin = (): never => pageError('unsupported-coin', 404);
/** 404 'This page could not be found': an unmatched route or a parameter that fails validation. */
export const pageNotFound = (): never => pageError('page-not-found', 404);
/** 500 'Unknown middleware': a route names a middleware that does not exist. */
export const unknownMiddleware = (): never => pageError('unknown-middleware', 500);

export interface DescribedError {
  status: number;
  reason: ErrorReason | null;
}

/** Status from the error's own status, statusCode or response status; default 500 (decision 003). */
export function describeError(error: unknown): DescribedError {
  if (isRouteErrorResponse(error)) {
    const body = error.data as Partial<PageErrorBody> | string | null;
    const reason = typeof body === 'object' && body?.reason ? body.reason : error.status === 404 ? 'page-not-found' : null;
    return { status: error.status, reason };
  }
  if (error && typeof error === 'object') {
    const candidate = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const value of [candidate.statusCode, candidate.status, candidate.response?.status]) {
      if (typeof value === 'number' && value >= 400 && value <= 599) return { status: value, reason: null };
    }
  }
  return { status: 500, reason: null };
}
