import { I18nProvider } from '~/i18n/use-t';
import type { LocaleCode } from '@openpool/domain/locales';
import { parseSiteConfig } from '@openpool/domain/site-config';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { SiteSettingsContext, siteSettingsFrom } from '~/platform/site-settings';
import { AlertBanner } from './alert-banner';
import { CoinStrip } from './coin-strip';
import { Footer } from './footer';
import { TelegramButton } from './telegram-button';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

function createConfig(overrides: Record<string, unknown> = {}) {
  return parseSiteConfig(
    JSON.stringify({
      enabled: ['btc', 'ltc', 'kas', 'etc', 'rvn', 'erg', 'alph', 'xmr', 'zeph', 'sal', 'nexa', 'xna'],
      private_enabled: ['sdr'],
      groups: { strip: ['ltc', 'btc', 'sdr', 'dgb'] },
      icon_strip_group: 'strip',
      support_email: 'help@pool.test',
      links: {
        products: {
          miner_app: 'https://p.test/miner',
          mobile_app: 'https://p.test/mobile',
          monitoring_bot: 'https://t.me/monitor',
        },
        referral: { default: 'https://p.test/ref' },
        social: [
          { id: 'telegram', url: { default: 'https://t.me/pool', ru: 'https://t.me/pool_ru' } },
          { id: 'x', url: { default: 'https://x.com/pool' } },
        ],
        forum: 'https://forum.pool.test',
        help_translate: 'https://translate.pool.test',
        telegram_bot: 'https://t.me/pool_bot',
      },
      alert: {
        text: { default: 'Maintenance tonight', ru: 'Работы ночью', pl: '  ' },
        link: { default: 'https://status.pool.test' },
      },
      regional: { locales: ['en', 'ru', 'uk'], parts: ['products', 'telegram_bot'] },
      coin_labels: {},
      integrations: {},
      ...overrides,
    }),
  );
}

async function render(node: ReactNode, path = '/', config = createConfig(), nowMs = NOW): Promise<string> {
  const locale = (path.split('/')[1] || 'en') as LocaleCode;
  const i18n = await loadCatalogue(['ru', 'fa', 'pl'].includes(locale) ? locale : 'en');
  const settings = siteSettingsFrom({ config, publicEnv: { apiBaseUrl: 'http://api.test', siteUrl: 'http://site.test' } }, nowMs);
  const Stub = createRoutesStub([{ path: '*', Component: () => node }]);
  return renderToString(
    <SiteSettingsContext.Provider value={settings}>
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={[path]} />
      </I18nProvider>
    </SiteSettingsContext.Provider>,
  );
}

// Links only: the sprite icons carry a <use href> too.
const hrefsIn = (html: string) => [...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]);

describe('Footer', () => {
  it('links the forum in ru only', async () => {
    expect(hrefsIn(await render(<Footer />, '/ru'))).toContain('https://forum.pool.test');
    expect(hrefsIn(await render(<Footer />, '/'))).not.toContain('https://forum.pool.test');
    expect(hrefsIn(await render(<Footer />, '/fa'))).not.toContain('https://forum.pool.test');
  });

  it('has the current year in the copyright line', async () => {
    expect(await render(<Footer />)).toContain(`© ${new Date().getFullYear()} OpenPool`);
  });

  it('names every enabled coin in Pools, with the locale prefix, the first ten in full size', async () => {
    const html = await render(<Footer />, '/pl');
    const pools = html.slice(html.indexOf('data-testid="footer-pools"'), html.indexOf('data-testid="footer-help"'));
    expect(hrefsIn(pools)).toEqual(createConfig().enabled.map((coin) => `/pl/${coin}`));
    expect(pools).toContain('>Bitcoin<');
    expect(pools.split('data-testid="footer-more-pools"')[1]).toContain('>Neurai<');
  });

  it('gives ru its own social links and keeps the default elsewhere', async () => {
    expect(hrefsIn(await render(<Footer />, '/ru'))).toEqual(
      expect.arrayContaining(['https://t.me/pool_ru', 'https://x.com/pool']),
    );
    expect(hrefsIn(await render(<Footer />, '/'))).toContain('https://t.me/pool');
    expect(hrefsIn(await render(<Footer />, '/'))).not.toContain('https://t.me/pool_ru');
  });

  it('shows Products only where the regional rule allows', async () => {
    expect(await render(<Footer />, '/')).toContain('https://p.test/miner');
    expect(await render(<Footer />, '/fa')).not.toContain('https://p.test/miner');
  });
});

describe('CoinStrip', () => {
  it('links each enabled coin of the group, in group order, with the locale prefix and the coin name', async () => {
    const html = await render(<CoinStrip placement="top" />, '/pl');
    expect(hrefsIn(html)).toEqual(['/pl/ltc', '/pl/btc']);
    expect(html).toContain('aria-label="LTC (Litecoin)"');
  });

  it('renders nothing when no coin of the group is enabled', async () => {
    expect(await render(<CoinStrip placement="footer" />, '/', createConfig({ groups: { strip: ['dgb'] } }))).toBe('');
  });
});

describe('AlertBanner', () => {
  it("shows the locale's text and the link in a new tab", async () => {
    const en = await render(<AlertBanner />);
    expect(en).toContain('Maintenance tonight');
    expect(en).toContain('href="https://status.pool.test" target="_blank" rel="noopener noreferrer"');
    expect(await render(<AlertBanner />, '/ru')).toContain('Работы ночью');
  });

  it('is absent when the text for the locale is empty', async () => {
    expect(await render(<AlertBanner />, '/pl')).toBe('');
  });

  it('says so where the operator wrote no text for the language, and keeps the English its own', async () => {
    const fa = await render(<AlertBanner />, '/fa');
    expect(fa).toContain('Maintenance tonight');
    expect(fa).toContain('data-testid="alert-fallback"');
    expect(fa).toContain('(هنوز به زبان شما در دسترس نیست.)');
    expect(await render(<AlertBanner />, '/ru')).not.toContain('alert-fallback');
    expect(await render(<AlertBanner />, '/')).not.toContain('alert-fallback');
  });

  it("holds the operator's dates and times left to right in a right-to-left page", async () => {
    const alert = { text: { default: 'Maintenance', fa: 'نگهداری در 2027-01-12 از 02:00 تا 02:30 UTC' } };
    const config = createConfig({ alert });
    const fa = await render(<AlertBanner />, '/fa', config);
    expect(fa).toContain('در <bdi dir="ltr">2027-01-12</bdi> از <bdi dir="ltr">02:00</bdi> تا <bdi dir="ltr">02:30</bdi> UTC');
    // Left to right pages keep the text as written.
    expect(await render(<AlertBanner />, '/', config)).toContain('>Maintenance</span>');
  });

  it('is gone once its window has ended', async () => {
    const alert = { text: { default: 'Maintenance 02:00-02:30 UTC' }, ends_at: '2026-11-28T02:30:00Z' };
    const config = createConfig({ alert });
    expect(await render(<AlertBanner />, '/', config, Date.UTC(2026, 10, 28, 2, 29))).toContain('Maintenance 02:00-02:30 UTC');
    expect(await render(<AlertBanner />, '/', config, Date.UTC(2026, 10, 28, 2, 30))).toBe('');
  });
});

describe('TelegramButton', () => {
  it('links the bot where the regional rule allows it, and nowhere else', async () => {
    expect(hrefsIn(await render(<TelegramButton />, '/ru'))).toEqual(['https://t.me/pool_bot']);
    expect(await render(<TelegramButton />, '/fa')).toBe('');
  });
});
