import { I18nProvider } from '~/i18n/use-t';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { SiteSettingsContext, type SiteSettings } from '~/platform/site-settings';
import { CurrencyProvider, useCurrency } from '~/currency/currency-context';
import { CurrencySwitch } from './currency-switch';

const settings = { apiBaseUrl: 'http://api.test' } as SiteSettings;

function Amount() {
  const { selected, status, toFiat } = useCurrency();
  return <output>{`${selected} ${status} ${toFiat(1, 'btc') ?? 'coin units only'}`}</output>;
}

async function renderOnServer(path = '/'): Promise<string> {
  const i18n = await loadCatalogue('en');
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <CurrencyProvider>
          <CurrencySwitch />
          <Amount />
        </CurrencyProvider>
      ),
    },
  ]);
  return renderToString(
    <SiteSettingsContext.Provider value={settings}>
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={[path]} />
      </I18nProvider>
    </SiteSettingsContext.Provider>,
  );
}

describe('currency switch on the server (the HTML is the same for every visitor)', () => {
  beforeAll(async () => {
    await loadCatalogue('en');
  });

  it('renders USD, closed, with no rates and amounts in coin units only', async () => {
    const html = await renderOnServer();
    expect(html).toContain('aria-label="Display currency: USD"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('aria-haspopup="listbox"');
    expect(html).not.toContain('role="listbox"');
    expect(html).toContain('USD idle coin units only');
  });

  it('renders the same markup for any page and any earlier choice', async () => {
    const first = await renderOnServer('/');
    const again = await renderOnServer('/');
    expect(again).toBe(first);
  });

  it('useCurrency outside a provider is USD with coin units only', () => {
    expect(renderToString(<Amount />)).toContain('USD idle coin units only');
  });
});
