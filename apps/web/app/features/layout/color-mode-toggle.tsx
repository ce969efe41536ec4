/**
 * Colour mode: 'system', 'light' or 'dark' under `nuxt-color-mode` (the key the original Nuxt site used); system
 * follows the OS live; a page may force a mode with <html data-force-color-mode>; the toggle
 * switches between light and dark. The inline bootstrap (color-mode-bootstrap.ts) sets the
 * class before first paint, so <html class="dark"> is the truth this module reads and keeps.
 * The button's markup is the same in both modes (CSS picks the icon), so the server HTML is
 * the same for every visitor; only aria-pressed arrives after hydration.
 */
import { useSyncExternalStore } from 'react';
import { useT } from '~/i18n/use-t';
import { SpriteIcon } from '~/platform/sprite-icon';
import { COLOR_MODE_STORAGE_KEY } from './color-mode-bootstrap';

export type ColorPreference = 'system' | 'light' | 'dark';
export type ColorMode = 'light' | 'dark';

export const FORCE_COLOR_MODE_ATTRIBUTE = 'data-force-color-mode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Read as the bootstrap reads it: nothing means system, and an unknown value paints light. */
export function parseColorPreference(stored: string | null): ColorPreference {
  if (!stored || stored === 'system') return 'system';
  return stored === 'dark' ? 'dark' : 'light';
}

/** The same rule as the bootstrap: a forced mode wins, then the stored choice, then the OS. */
export function resolveColorMode(preference: ColorPreference, forced: string | null, systemDark: boolean): ColorMode {
  if (forced) return forced === 'dark' ? 'dark' : 'light';
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

function readPreference(): ColorPreference {
  try {
    return parseColorPreference(localStorage.getItem(COLOR_MODE_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

function applyColorMode(mode: ColorMode): void {
  const root = document.documentElement;
  if (root.classList.contains('dark') !== (mode === 'dark')) root.classList.toggle('dark', mode === 'dark');
  if (root.style.colorScheme !== mode) root.style.colorScheme = mode;
}

function syncColorMode(): void {
  const root = document.documentElement;
  applyColorMode(
    resolveColorMode(readPreference(), root.getAttribute(FORCE_COLOR_MODE_ATTRIBUTE), matchMedia(DARK_QUERY).matches),
  );
}

/** Stores the opposite of what the page shows now, and shows it. */
export function toggleColorMode(): void {
  const next: ColorMode = document.documentElement.classList.contains('dark') ? 'light' : 'dark';
  try {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, next);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  applyColorMode(next);
}

type Snapshot = `${'free' | 'forced'}-${ColorMode}`;

function getSnapshot(): Snapshot {
  const root = document.documentElement;
  const mode = root.classList.contains('dark') ? 'dark' : 'light';
  return root.hasAttribute(FORCE_COLOR_MODE_ATTRIBUTE) ? `forced-${mode}` : `free-${mode}`;
}

const getServerSnapshot = () => null;

function subscribe(onChange: () => void): () => void {
  const root = document.documentElement;
  const media = matchMedia(DARK_QUERY);
  const onSystemChange = () => {
    if (readPreference() === 'system') syncColorMode();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOR_MODE_STORAGE_KEY || event.key === null) syncColorMode();
  };
  const observer = new MutationObserver((records) => {
    // A page that starts or stops forcing a mode; class changes only need a re-render.
    if (records.some((record) => record.attributeName === FORCE_COLOR_MODE_ATTRIBUTE)) syncColorMode();
    onChange();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['class', FORCE_COLOR_MODE_ATTRIBUTE] });
  media.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function ColorModeToggle() {
  const t = useT();
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const forced = snapshot?.startsWith('forced-') ?? false;
  return (
    <button
      type="button"
      data-testid="color-mode-toggle"
      onClick={toggleColorMode}
      aria-label={t('theme.darkMode')}
      title={t('theme.darkMode')}
      aria-pressed={snapshot ? snapshot.endsWith('-dark') : undefined}
      hidden={forced}
      disabled={forced}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-ink-muted transition-colors hover:bg-surface hover:text-ink"
    >
      <SpriteIcon id="moon" className="size-5 dark:hidden" />
      <SpriteIcon id="sun" className="hidden size-5 dark:block" />
    </button>
  );
}
