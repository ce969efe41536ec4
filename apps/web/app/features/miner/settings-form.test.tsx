// @vitest-environment happy-dom
/**
 * The settings form meets the API's mail limits (decision 016): a 429 is shown to the miner in the
 * page's language, saying which limit and how long to wait, read from the answer's code and
 * Retry-After. The real form and API client; the API is a stubbed fetch.
 */
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COINS } from '@openpool/domain/coins';
import { loadCatalogue } from '~/i18n/catalogues';
import { I18nProvider } from '~/i18n/use-t';
import { SiteSettingsContext, type SiteSettings } from '~/platform/site-settings';
import { SettingsForm, type MinerSettings, type Outcome } from './settings-form';

const ADDRESS = 'ltc1qformtest';
const settings: MinerSettings = {
  payout_threshold: '0.1',
  min_payout: '0.01',
  email_set: true,
  notify_offline: false,
  notify_payouts: true,
  email_confirmed: false,
  offline_after_min: 10,
  hashrate_drop_pct: null,
  active: true,
};

let root: Root | undefined;
let host: HTMLElement;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  root?.unmount();
  root = undefined;
  host?.remove();
  vi.unstubAllGlobals();
});

/** The form on a page of `locale`, its outcome held as the page holds it. */
async function renderForm(locale: 'en' | 'ru'): Promise<HTMLElement> {
  const i18n = await loadCatalogue(locale);
  function Page() {
    const [outcome, setOutcome] = useState<Outcome>(null);
    return (
      <SettingsForm coin={COINS.ltc} address={ADDRESS} settings={settings} active outcome={outcome} onOutcome={setOutcome} />
    );
  }
  const Stub = createRoutesStub([{ path: '/:locale?/ltc/miner/settings/:address', Component: Page }]);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(
    <SiteSettingsContext value={{ apiBaseUrl: 'http://api.test' } as SiteSettings}>
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={[`${locale === 'en' ? '' : `/${locale}`}/ltc/miner/settings/${ADDRESS}`]} />
      </I18nProvider>
    </SiteSettingsContext>,
  );
  await vi.waitFor(() => expect(host.querySelector('[data-testid="settings-form"] fieldset:not([disabled])')).not.toBeNull());
  return host;
}

/** Fills the form as a browser would (React tracks values through the element's setter) and applies. */
function apply(page: HTMLElement, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) {
    const input = page.querySelector<HTMLInputElement>(`[data-testid="settings-form"] input[name="${name}"]`)!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  page.querySelector<HTMLButtonElement>('[data-testid="settings-form"] button[type="submit"]')!.click();
}

/** The API answering every call with this refusal. */
function refuseWith(error: string, retryAfter: string) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ error, message: 'refused' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const outcomeOf = (page: HTMLElement) => page.querySelector('[data-testid="settings-outcome"]')?.textContent ?? '';

describe('settings form and the mail limits', () => {
  it('tells a Russian miner that the mailbox is left alone, and for how long', async () => {
    const fetch = refuseWith('mail_recipient_quiet', String(5 * 86_400));
    const page = await renderForm('ru');
    expect(page.querySelector('[data-testid="settings-email-resend"]')?.textContent).toMatch(/Введите адрес ещё раз/);
    apply(page, { email: 'victim@example.test', ip: '192.0.2.1' });
    await vi.waitFor(() => expect(outcomeOf(page)).not.toBe(''));
    expect(outcomeOf(page)).toBe(
      'Этот адрес не подтвердил последние отправленные ссылки, поэтому новая ссылка не будет отправлена ещё 5 дней. Поищите последнюю ссылку во входящих или в спаме.',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('tells which limit an asker met, with the wait in hours', async () => {
    refuseWith('mail_asker_limit', '7000');
    const page = await renderForm('en');
    apply(page, { email: 'someone@example.test', ip: '192.0.2.1' });
    await vi.waitFor(() => expect(outcomeOf(page)).not.toBe(''));
    expect(outcomeOf(page)).toBe(
      'Too many confirmation links were asked for by this miner or from your network. Try again in 2 hours.',
    );
  });
});
