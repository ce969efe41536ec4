/**
 * The offline indicator (online/offline follows browser events). The live
 * region is always in the page, empty while online, so screen readers announce the banner
 * when it appears. The server and the hydration render assume online; navigator.onLine
 * takes over right after.
 */
import { useSyncExternalStore } from 'react';
import { useT } from '~/i18n/use-t';
import { SpriteIcon } from '~/platform/sprite-icon';

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
          <SpriteIcon id="wifi-off" className="size-4 shrink-0" />
          {t('offline.message')}
        </p>
      )}
    </div>
  );
}
