import { isLocaleCode, DEFAULT_LOCALE } from '@openpool/domain/locales';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadCatalogue } from '~/i18n/catalogues';
import { partsForPath } from '~/i18n/message-parts';
import { chunkErrorsAreQuiet, isChunkLoadError, reloadAfterChunkError } from '~/platform/chunk-reload';
import { readSiteSettings, SiteSettingsContext } from '~/platform/site-settings';

function reloadOnChunkError(reason: unknown): boolean {
  // Offline, a reload would only show the browser's own error page; the page stays as it is,
  // and the next try once online (the browser remembers the failed chunk) reloads it.
  if (!isChunkLoadError(reason) || !navigator.onLine) return false;
  return reloadAfterChunkError({ now: () => Date.now(), storage: sessionStorage, reload: () => window.location.reload() });
}

// Vite reports a chunk that failed to load with this event. The page reloads
// to pick up the new build, and only then is the failure silenced; otherwise (a reload in the
// last minute, or a prefetch) the import rejects and whoever asked for it handles that.
window.addEventListener('vite:preloadError', (event) => {
  if (chunkErrorsAreQuiet()) return;
  const reason = (event as Event & { payload?: unknown }).payload ?? 'Failed to fetch dynamically imported module';
  if (reloadOnChunkError(reason)) event.preventDefault();
});
window.addEventListener('unhandledrejection', (event) => void reloadOnChunkError(event.reason));

const settings = readSiteSettings(document);
const code = document.documentElement.dataset.locale ?? DEFAULT_LOCALE;

// The page's catalogue must be in memory before hydration, or the first render would differ.
loadCatalogue(isLocaleCode(code) ? code : DEFAULT_LOCALE, partsForPath(window.location.pathname)).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <SiteSettingsContext.Provider value={settings}>
            <HydratedRouter />
          </SiteSettingsContext.Provider>
        </StrictMode>,
      );
    }),
  reloadOnChunkError,
);
