/**
 * A device's payback says what it assumes (decision 020): today's difficulty in one column,
 * the difficulty trend in the other with its rate a day under each figure, so '473 days' beside
 * 'Never pays back' reads as two assumptions; and coins a day with the coin's decimals.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import type { Translator } from '~/i18n/translator';
import { I18nProvider } from '~/i18n/use-t';
import type { MarketProfit } from './profit';
import { ProfitTable } from './profit-table';

const createProfit = (overrides: Partial<MarketProfit> = {}): MarketProfit => ({
  coin: {
    ticker: 'btc',
    name: 'Bitcoin',
    algorithm: 'sha256d',
    net_difficulty: 1.1e14,
    block_reward: '3.125',
    schemes: ['pps'],
    fees: { pps: 0.02 },
    price_usd: 95_000,
    updated_at: 1_795_000_000,
    trend: { daily: 1.0123, days: 30 },
  },
  hashrate: 234e12,
  power: 3510,
  coinsPerDay: 0.000123456789,
  revenue: 11.72,
  electricity: 3.37,
  profit: 8.35,
  paybackDays: 472.3,
  paybackWithTrend: null,
  trendKnown: true,
  breakEvenPowerCost: 0.139,
  merged: [],
  ...overrides,
});

let en: Translator;
beforeAll(async () => {
  en = await loadCatalogue('en');
});

function render(profits: MarketProfit[]): string {
  const time = new Intl.DateTimeFormat('en', { timeZone: 'UTC' });
  return renderToString(
    <I18nProvider i18n={en}>
      <MemoryRouter>
        <ProfitTable
          profits={profits}
          figures={[{ algorithm: 'sha256d', source: 'https://www.minerstat.com/hardware/antminer-s21-pro' }]}
          format={(amount) => `$${amount.toFixed(2)}`}
          time={time}
          priced
        />
      </MemoryRouter>
    </I18nProvider>,
  );
}

describe('ProfitTable', () => {
  it('names both payback assumptions and says the trend it follows', () => {
    const html = render([createProfit()]);
    expect(html).toContain('Payback at today’s difficulty');
    expect(html).toContain('Payback if difficulty keeps its trend');
    expect(html).toContain('473 days');
    expect(html).toContain('Never pays back');
    expect(html).toContain('difficulty +1.23% a day over 30 days');
  });

  it('says when there is too little history for a trend', () => {
    const html = render([createProfit({ coin: { ...createProfit().coin, trend: null }, trendKnown: false })]);
    expect(html).toContain('less than a week of difficulty history');
  });

  it('writes coins a day and the block reward with the coin decimals', () => {
    const html = render([createProfit()]);
    expect(html).toContain('0.00012346');
    expect(html).toContain('3.12500000 BTC');
  });

  it('names the algorithm and the publisher of the figure each coin is priced from', () => {
    const html = render([
      createProfit(),
      createProfit({ coin: { ...createProfit().coin, ticker: 'kas', algorithm: 'kheavyhash' } }),
    ]).replaceAll('<!-- -->', '');
    expect(html).toMatch(
      /data-testid="profit-figure">sha256d · <a href="https:\/\/www\.minerstat\.com\/hardware\/antminer-s21-pro"[^>]*>minerstat\.com<\/a>/,
    );
    // A coin without a figure of its algorithm here names none (the page lists it as not mined).
    expect(html.match(/data-testid="profit-figure"/g)).toHaveLength(1);
  });
});
