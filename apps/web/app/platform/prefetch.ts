/**
 * Link prefetch is skipped on 2g or Save-Data connections, which pay for every byte. The Network
 * Information API is Chromium-only; where it is missing, prefetching stays on.
 */
interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(?:^|-)2g$/.test(connection.effectiveType ?? '');
}

export function canPrefetch(): boolean {
  if (typeof navigator === 'undefined') return true;
  return prefetchAllowed((navigator as Navigator & { connection?: NetworkInformationLike }).connection);
}
