import type { MinerAlerts } from '@openpool/domain/api';
import type { LocaleCode } from '@openpool/domain/locales';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { I18nProvider } from '~/i18n/use-t';
import { AlertsLine } from './alerts-line';

const ADDRESS = 'ltc1qalerts';
const createAlerts = (overrides: Partial<MinerAlerts> = {}): MinerAlerts => ({
  email: null,
  telegram_chats: 0,
  telegram_bot: null,
  telegram_link: null,
  ...overrides,
});

async function render(alerts: MinerAlerts, locale: LocaleCode = 'en'): Promise<string> {
  const i18n = await loadCatalogue(locale);
  const Stub = createRoutesStub([{ path: '*', Component: () => <AlertsLine alerts={alerts} coin="ltc" address={ADDRESS} /> }]);
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[locale === 'en' ? '/ltc' : `/${locale}/ltc`]} />
    </I18nProvider>,
  );
  return html.replace(/<!-- -->/g, '');
}

describe('AlertsLine', () => {
  it('says what is watched: e-mail, offline delay, payouts, chats', async () => {
    const html = await render(
      createAlerts({
        email: {
          confirmed: true,
          offline: true,
          payouts: true,
          offline_after_min: 10,
          hashrate_drop_pct: null,
        },
        telegram_chats: 2,
      }),
    );
    expect(html).toContain(
      'Alerts:</span> <span data-testid="miner-alerts-watched">e-mail · offline after 10 min · payouts · Telegram chats: 2',
    );
    expect(html).toContain(`href="/ltc/miner/settings/${ADDRESS}"`);
    expect(html).not.toContain('Follow in Telegram');
  });

  it('says an unconfirmed e-mail gets nothing yet, and nothing when no alert is set', async () => {
    expect(
      await render(
        createAlerts({
          email: {
            confirmed: false,
            offline: true,
            payouts: false,
            offline_after_min: 10,
            hashrate_drop_pct: null,
          },
        }),
      ),
    ).toContain('e-mail waiting for confirmation');
    expect(await render(createAlerts())).toContain('none set');
  });

  it('links to the bot with the deep link when the pool runs one, in the page language', async () => {
    const html = await render(
      createAlerts({ telegram_bot: 'pool_bot', telegram_link: `https://t.me/pool_bot?start=ltc_${ADDRESS}` }),
      'ru',
    );
    expect(html).toContain(`href="https://t.me/pool_bot?start=ltc_${ADDRESS}"`);
    expect(html).toContain('Следить в Telegram');
    expect(html).toContain(`href="/ru/ltc/miner/settings/${ADDRESS}"`);
  });
});
