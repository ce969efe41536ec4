// @vitest-environment happy-dom
/**
 * The daily rewards chart (decision 024): a value axis with round ticks, each day's value on
 * hover or focus, and a text alternative (a sentence and a table) whose total is exact.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { I18nProvider } from '~/i18n/use-t';
import { axisDecimals, axisTop, RewardChart } from './reward-chart';

const TODAY = Date.UTC(2026, 10, 28, 12) / 1000;
const DAY = 86_400;

async function html(node: React.ReactNode) {
  const i18n = await loadCatalogue('en');
  const root = document.createElement('div');
  root.innerHTML = renderToString(
    <MemoryRouter>
      <I18nProvider i18n={i18n}>{node}</I18nProvider>
    </MemoryRouter>,
  );
  return root;
}
const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/[\u2066-\u2069]/g, '').trim();

describe('axis', () => {
  it('tops at a round figure at or above the largest day, with the decimals its half needs', () => {
    expect(axisTop(0.0437)).toBeCloseTo(0.05, 12);
    expect(axisTop(3.2)).toBe(5);
    expect(axisTop(2)).toBe(2);
    expect(axisTop(0.21)).toBeCloseTo(0.25, 12);
    expect(axisDecimals(0.05)).toBe(3);
    expect(axisDecimals(40)).toBe(0);
  });
});

describe('daily rewards chart', () => {
  it('has an axis, each day’s value on hover and a text alternative with an exact total', async () => {
    const rewards = [
      { date: Math.floor(TODAY / DAY) * DAY, amount: '0.1', blocks: 0 },
      { date: (Math.floor(TODAY / DAY) - 2) * DAY, amount: '0.2', blocks: 0 },
      { date: (Math.floor(TODAY / DAY) - 3) * DAY, amount: '0.00000001', blocks: 0 },
    ];
    const root = await html(<RewardChart rewards={rewards} ticker="ltc" today={TODAY} />);
    expect([...root.querySelectorAll('[data-testid="reward-axis"] span')].map((span) => text(span))).toEqual(['0.2', '0.1', '0']);
    // The labels sit out of flow at their heights; an unseen in-flow copy gives their column its
    // width (it was 0 px, and they hung over the card's padding to its edge at 320 px).
    const width = root.querySelector('[data-testid="reward-axis"] > [data-testid="reward-axis-width"]');
    expect(width?.className).toContain('invisible');
    expect(width?.className).not.toMatch(/absolute|fixed/);
    expect([...(width?.children ?? [])].map((label) => text(label))).toEqual(['0.2', '0.1', '0']);
    const tips = [...root.querySelectorAll('[data-testid="reward-tip"]')].map((tip) => text(tip));
    expect(tips).toHaveLength(31);
    expect(tips.at(-1)).toBe('Nov 28: 0.100000 LTC');
    expect(root.querySelectorAll('[data-testid="reward-bar"][tabindex="0"]')).toHaveLength(31);
    // 0.1 + 0.2 + 0.00000001 summed exactly (not 0.30000000000000004), shown with the site's decimals.
    expect(text(root.querySelector('[data-testid="reward-summary"]'))).toBe(
      'Axis: LTC a day. 3 days with rewards, 0.300000 LTC in all; the most, 0.200000 LTC, on Nov 26.',
    );
    expect([...root.querySelectorAll('[data-testid="reward-table"] tbody tr')].map((row) => text(row))).toHaveLength(3);
  });
});
