import { I18nProvider } from '~/i18n/use-t';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { readFileSync } from 'node:fs';
import { parseSiteConfig } from '@openpool/domain/site-config';
import { SiteSettingsContext, siteSettingsFrom, type SiteSettings } from '~/platform/site-settings';
import { ErrorPage } from './error-page';
import { preloadIslands } from '~/shared/island';

// The real site config, as the frame around the error page needs all of it.
const siteConfig = parseSiteConfig(readFileSync(new URL('../../../../../content/site.json', import.meta.url), 'utf8'));
const settings: SiteSettings = {
  ...siteSettingsFrom({ config: siteConfig, publicEnv: { apiBaseUrl: 'http://api.test', siteUrl: 'http://site.test' } }),
  supportEmail: 'help@pool.test',
};

async function render(error: unknown, path = '/', withSettings = true): Promise<string> {
  const i18n = await loadCatalogue(path.startsWith('/ru') ? 'ru' : 'en');
  const Stub = createRoutesStub([{ path: '*', Component: () => <ErrorPage error={error} /> }]);
  const tree = (
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[path]} />
    </I18nProvider>
  );
  return renderToString(
    withSettings ? <SiteSettingsContext.Provider value={settings}>{tree}</SiteSettingsContext.Provider> : tree,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('error page', () => {
  beforeAll(async () => {
    await loadCatalogue('en');
    // As the server does at start-up: the footer is an island (decision 037).
    await preloadIslands();
  });

  it('404 shows the status, Page not found, the reason and the way home', async () => {
    const html = await render(new ErrorResponse(404, 'Not Found', { reason: 'unsupported-coin' }));
    expect(text(html)).toContain('404 Page not found Unsupported coin');
    expect(html).toContain('href="/"');
    expect(text(html)).toContain('Return to Home Page');
    expect(html).not.toContain('mailto:');
  });

  it('403 shows Forbidden without the support link', async () => {
    const html = await render(new ErrorResponse(403, 'Forbidden', null));
    expect(text(html)).toContain('403 Forbidden');
    expect(html).not.toContain('mailto:');
  });

  it('any other status shows the unknown-error text with a support link', async () => {
    const html = await render({ statusCode: 502 });
    expect(text(html)).toContain('502 Unknown error occurred. If it persists, contact support');
    expect(html).toContain('href="mailto:help@pool.test"');
  });

  it('a plain exception is a 500; Unknown middleware keeps its reason', async () => {
    expect(text(await render(new Error('boom')))).toContain('500 Unknown error occurred');
    expect(text(await render(new ErrorResponse(500, '', { reason: 'unknown-middleware' })))).toContain('Unknown middleware');
  });

  it('Return to Home Page goes to the locale home', async () => {
    const html = await render(new ErrorResponse(404, 'Not Found', null), '/ru/btc/x');
    expect(html).toContain('href="/ru"');
  });

  it('falls back to plain words when the error page itself fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Without site settings and with an error whose status getter throws, rendering the page fails.
    const hostile = Object.defineProperty({}, 'statusCode', {
      get: () => {
        throw new Error('bad error object');
      },
    });
    const html = await render(hostile, '/', false).catch((error: Error) => `threw: ${error.message}`);
    warn.mockRestore();
    // Server rendering cannot run error boundaries; the browser does. What the server must not do is crash.
    expect(html.startsWith('threw:') || html.includes('An error occurred while showing the error page')).toBe(true);
  });
});
