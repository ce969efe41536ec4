import { isLocaleCode, DEFAULT_LOCALE } from '@openpool/domain/locales';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadCatalogue } from './features/i18n/catalogues';
import { partsForPath } from './features/i18n/message-parts';
import { isChunkLoadError, reloadAfterChunkError } from './shared/chunk-reload';
import { readSiteSettings, SiteSettingsContext } from './shared/site-settings';

function reloadOnChunkError(reason: unknown): void {
  if (!isChunkLoadError(reason)) return;
  reloadAfterChunkError({ now: () => Date.now(), storage: sessionStorage, reload: () => window.location.reload() });
}

// Vite reports a failed preload of a route's chunk with this event (spec section 4).
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnChunkError((event as Event & { payload?: unknown }).payload ?? 'Failed to fetch dynamically imported module');
});
window.addEventListener('unhandledrejection', (event) => reloadOnChunkError(event.reason));

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
