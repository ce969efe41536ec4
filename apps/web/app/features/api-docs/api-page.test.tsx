import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ApiLimits } from '@openpool/domain/api';
import { loadCatalogue } from '~/i18n/catalogues';
import { I18nProvider } from '~/i18n/use-t';
import { ApiPage } from './api-page';

const LIMITS: ApiLimits = {
  policies: [
    { name: 'default', quota: 120, window_seconds: 60, applies_to: 'all' },
    { name: 'export', quota: 5, window_seconds: 600, applies_to: 'export' },
  ],
  client: 'an IPv4 address, or an IPv6 /64',
  cache_seconds: { pool: 10, miner: 10, rates: 60 },
};

async function render(limits: ApiLimits | null, locale: 'en' | 'fa' = 'en') {
  const i18n = await loadCatalogue(locale);
  return renderToString(
    <I18nProvider i18n={i18n}>
      <ApiPage limits={limits} exampleCoin="ltc" />
    </I18nProvider>,
  ).replace(/<!-- -->/g, '');
}

describe('API page', () => {
  it('shows the quotas the API says are in force, caching and curl examples that match them', async () => {
    const html = await render(LIMITS);
    expect(html).toContain('Public API');
    expect(html).toMatch(
      /<td[^>]*><bdi[^>]*>default<\/bdi><\/td><td[^>]*><bdi[^>]*>120<\/bdi><\/td><td[^>]*>60 s<\/td><td[^>]*>every call/,
    );
    expect(html).toContain('exports, on top');
    expect(html).toContain('curl -s /ltc/api/v1/pool/stats');
    expect(html).toContain('# RateLimit-Policy: &quot;default&quot;;q=120;w=60');
    expect(html).toContain('cached for 10 s and rates for 60 s');
    // Loopback is exempt: the page says so and shows a call from another of the machine's addresses.
    expect(html).toContain('never counted either');
    expect(html).toContain('curl -sI --interface &quot;$ip&quot; &quot;http://$ip:8787/api/v1/rates&quot; | grep -i ratelimit');
  });

  it('still explains the API when the limits cannot be read, in every language, commands left to right', async () => {
    const html = await render(null, 'fa');
    expect(html).toContain('اکنون نمی‌توان محدودیت‌های جاری را خواند');
    expect(html).toContain(
      '<pre tabindex="0" class="scroll-cue mt-1 rounded-lg border border-line bg-surface p-3 text-xs leading-relaxed [--scroll-bg:var(--color-surface)]" dir="ltr">',
    );
  });
});
