import { I18nProvider } from '~/i18n/use-t';
import { runInNewContext } from 'node:vm';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { COLOR_MODE_BOOTSTRAP } from './color-mode-bootstrap';
import { ColorModeToggle, parseColorPreference, resolveColorMode } from './color-mode-toggle';

/** Runs the inline <head> script against a fake page and returns the mode it painted. */
function bootstrapMode(stored: string | null, forced: string | null, systemDark: boolean): string {
  const classes = new Set<string>();
  const documentElement = {
    getAttribute: (name: string) => (name === 'data-force-color-mode' ? forced : null),
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    style: { colorScheme: '' },
  };
  runInNewContext(COLOR_MODE_BOOTSTRAP, {
    localStorage: { getItem: () => stored },
    matchMedia: () => ({ matches: systemDark }),
    document: { documentElement },
  });
  expect(documentElement.style.colorScheme).toBe(classes.has('dark') ? 'dark' : 'light');
  return classes.has('dark') ? 'dark' : 'light';
}

describe('colour mode rule', () => {
  it('system follows the OS; light and dark are kept; an unknown value is light, as the bootstrap paints it', () => {
    expect(resolveColorMode(parseColorPreference(null), null, true)).toBe('dark');
    expect(resolveColorMode(parseColorPreference('system'), null, false)).toBe('light');
    expect(resolveColorMode(parseColorPreference('light'), null, true)).toBe('light');
    expect(resolveColorMode(parseColorPreference('dark'), null, false)).toBe('dark');
    expect(resolveColorMode(parseColorPreference(''), null, true)).toBe('dark');
    expect(resolveColorMode(parseColorPreference('purple'), null, true)).toBe('light');
  });

  it('a page that forces a mode wins over the stored choice and the OS', () => {
    expect(resolveColorMode('dark', 'light', true)).toBe('light');
    expect(resolveColorMode('light', 'dark', false)).toBe('dark');
  });

  it('is exactly the rule the no-flash bootstrap paints with', () => {
    for (const stored of [null, '', 'system', 'light', 'dark', 'junk']) {
      for (const forced of [null, 'light', 'dark', 'system']) {
        for (const systemDark of [false, true]) {
          const label = `${stored}/${forced}/${systemDark}`;
          expect(bootstrapMode(stored, forced, systemDark), label).toBe(
            resolveColorMode(parseColorPreference(stored), forced, systemDark),
          );
        }
      }
    }
  });
});

describe('ColorModeToggle on the server', () => {
  beforeAll(async () => {
    await loadCatalogue('en');
  });

  it('has no theme-dependent markup: both icons, CSS picks one, no pressed state yet', async () => {
    const i18n = await loadCatalogue('en');
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <ColorModeToggle />
      </I18nProvider>,
    );
    expect(html).toContain('aria-label="Dark mode"');
    expect(html).not.toContain('aria-pressed');
    expect(html).not.toContain('hidden=""');
    expect(html).toContain('dark:hidden');
    expect(html).toContain('dark:block');
  });
});
