/**
 * The one mapping from an API call to what a page shows (decision 007). Every loader asks
 * through `lookup()` and gets one of three answers:
 * - found: the call answered and its payload passed its schema;
 * - not found: the API said 404, or 400 for an address or worker that cannot exist (to the
 *   visitor both are 'nothing found', and neither is worth a retry);
 * - unavailable: anything else (timeout, refused connection, 5xx, a payload that fails its
 *   schema). It is logged here, once, with what was asked.
 * `pageData()` gives the page the status its answer stands for: 404 keeps crawlers from
 * indexing an empty page per typed address, 503 tells caches and crawlers to come back.
 */
import { data } from 'react-router';
import { ApiError } from '~/platform/api-client';

export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'not-found' } | { kind: 'unavailable' };
export type LookupKind = Lookup<unknown>['kind'];

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export interface LookupOptions {
  /**
   * What the API's 404 means here. For a miner or a worker it is 'nothing found'; for a coin's
   * own figures (charts, top miners, pool stats) the coin page exists whatever the API says, so
   * a 404 means the API does not serve a coin the site offers: unavailable, and logged.
   */
  missing?: 'not-found' | 'unavailable';
}

export async function lookup<T>(what: string, call: () => Promise<T>, options: LookupOptions = {}): Promise<Lookup<T>> {
  try {
    return { kind: 'found', value: await call() };
  } catch (error) {
    if (isNotFound(error) && options.missing !== 'unavailable') return { kind: 'not-found' };
    console.warn(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    return { kind: 'unavailable' };
  }
}

/** The value when found, else the fallback (a part of a page that may be missing). */
export function valueOr<T, F>(result: Lookup<T>, fallback: F): T | F {
  return result.kind === 'found' ? result.value : fallback;
}

export const PAGE_STATUS: Record<LookupKind, number> = { found: 200, 'not-found': 404, unavailable: 503 };

/** A loader's payload with the HTTP status of its kind. */
export function pageData<T extends { kind: LookupKind }>(payload: T) {
  return data(payload, { status: PAGE_STATUS[payload.kind] });
}
