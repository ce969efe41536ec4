/**
 * After a chunk fails to load (a deploy replaced the assets under an open tab), the page
 * reloads to pick up the new build, at most once per 60 seconds so a real outage does not
 * become a reload loop.
 */
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'openpool:chunk-reload-at';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return CHUNK_ERROR.test(message);
}

export function shouldReload(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

interface ReloadDeps {
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

/** Reloads if allowed; returns whether it did. */
export function reloadAfterChunkError(deps: ReloadDeps): boolean {
  const raw = deps.storage.getItem(CHUNK_RELOAD_STORAGE_KEY);
  const last = raw === null ? null : Number(raw);
  const now = deps.now();
  if (!shouldReload(now, last)) return false;
  deps.storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  deps.reload();
  return true;
}

let quiet = 0;

/**
 * Runs a download whose failure must not reload the page: a prefetch on hover or pointer-down,
 * which the render tries again anyway. Vite reports the failure (`vite:preloadError`) while the
 * download's promise is still pending, so the listener can tell by `chunkErrorsAreQuiet()`.
 */
export function quietly<T>(start: () => Promise<T>): Promise<T> {
  quiet += 1;
  let promise: Promise<T>;
  try {
    promise = start();
  } catch (error) {
    quiet -= 1;
    throw error;
  }
  return promise.finally(() => {
    quiet -= 1;
  });
}

export function chunkErrorsAreQuiet(): boolean {
  return quiet > 0;
}
