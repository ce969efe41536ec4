/**
 * The offline indicator (spec section 4: online/offline follows browser events). The live
 * region is always in the page, empty while online, so screen readers announce the banner
 * when it appears. The server and the hydration render assume online; navigator.onLine
 * takes over right after.
 */
import { useSyncExternalStore } from 'react';
import { useT } from '~/features/i18n/use-t';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const getSnapshot = () => navigator.onLine;
const getServerSnapshot = () => true;

export function OfflineIndicator() {
  const t = useT();
  const online = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p
          data-testid="offline-indicator"
          className="flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="size-4 shrink-0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M2 8.8a15 15 0 0 1 4.2-2.6M9.8 5.2A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 3.5-2.2M15.2 10.4A10 10 0 0 1 19 12.5M8.5 16a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
          </svg>
          {t('offline.message')}
        </p>
      )}
    </div>
  );
}
