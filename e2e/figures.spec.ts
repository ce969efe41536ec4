import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { topMinersSchema } from '@openpool/domain/api';
import { amountDecimals, AUX_TICKERS, COIN_TICKERS } from '@openpool/domain/coins';
import { API } from './ports.ts';

/**
 * Figures in the real browser (decisions 002, addendum, and 020), at a phone's and a desktop's width,
 * in English and Persian: every amount on the home, coin (with its calculator), miner stats,
 * payouts and merge pages has its coin's decimals and the spec's grouping (narrow no-break
 * spaces), no figure is grouped by a comma or a plain space, no Persian digit appears, and in
 * Persian every figure is isolated in its own direction (computed `unicode-bidi`, or a first-
 * strong isolate inside a sentence), so '10 922.337935' never reads '922.337935 10'.
 */

const catalogue = (code: string) =>
  JSON.parse(readFileSync(new URL(`../apps/web/app/locales/${code}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const en = catalogue('en');
const fa = catalogue('fa');

interface Finding {
  text: string;
  problem: string;
}

/** Runs in the page: the text nodes that break a rule. */
function findingsIn(
  page: Page,
  options: { tickers: string[]; decimals: Record<string, number>; labels: string[]; rtl: boolean },
) {
  return page.evaluate(({ tickers, decimals, labels, rtl }) => {
    const found: Finding[] = [];
    const labelSet = new Set(labels);
    const amount = new RegExp(`(-?[\\d\\u202F.,]*\\d)\\u2069?[\\u00A0 ](${tickers.join('|')})(?![A-Za-z])`, 'g');
    const figureWord = /(?:^|\s|\()[-+−$€£₽¥]?\d/;
    const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [hidden], [aria-hidden="true"] svg')) continue;
      const text = (node as Text).data;
      const trimmed = text.trim();
      if (/\d[, ]\d{3}(?!\d)/.test(text)) found.push({ text, problem: 'grouped by a comma or a plain space' });
      if (/[\u06F0-\u06F9\u0660-\u0669]/.test(text)) found.push({ text, problem: 'a Persian or Arabic digit' });
      for (const [, figure = '', ticker = ''] of text.matchAll(amount)) {
        const places = decimals[ticker.toLowerCase()] ?? 6;
        const shape = new RegExp(`^-?\\d{1,3}(?:\\u202F\\d{3})*${places > 0 ? `\\.\\d{${places}}` : ''}$`);
        if (!shape.test(figure)) found.push({ text, problem: `${ticker} without ${places} decimals and the spec's grouping` });
      }
      if (!rtl || !figureWord.test(trimmed) || labelSet.has(trimmed) || /[\u2066-\u2068]/.test(text)) continue;
      let isolated = false;
      for (let element: Element | null = parent; element && element !== document.body; element = element.parentElement) {
        if (/^(isolate|isolate-override|plaintext)$/.test(getComputedStyle(element).unicodeBidi)) isolated = true;
      }
      if (!isolated) found.push({ text: trimmed, problem: 'a figure not isolated in right-to-left text' });
    }
    return found;
  }, options);
}

const TICKERS = [...COIN_TICKERS, ...AUX_TICKERS];
const DECIMALS = Object.fromEntries(TICKERS.map((ticker) => [ticker, amountDecimals(ticker)]));

async function busiestLtcMiner(page: Page): Promise<string> {
  const response = await page.request.get(`${API}/ltc/api/v1/top-miners`);
  const { results } = topMinersSchema.parse(await response.json());
  const busiest = results.filter((row) => !row.address.startsWith('LtcE2e')).sort((a, b) => b.workers - a.workers)[0];
  expect(busiest).toBeDefined();
  return busiest!.address;
}

for (const width of [375, 1440]) {
  for (const locale of ['en', 'fa'] as const) {
    test(`every figure at ${width} px in ${locale}: coin decimals, one grouping, isolated`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const address = await busiestLtcMiner(page);
      const prefix = locale === 'en' ? '' : `/${locale}`;
      const labels = Object.values(locale === 'en' ? en : fa);
      for (const [path, ready] of [
        ['/', 'coin-list'],
        ['/ltc', 'calc-results'],
        [`/ltc/miner/stats/${address}`, 'miner-workers'],
        [`/ltc/miner/payouts/${address}`, 'payouts'],
        ['/merge', 'merge-table'],
      ] as const) {
        await page.goto(`${prefix}${path === '/' && prefix ? '' : path}`);
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await expect(page.getByTestId(ready).first()).toBeVisible();
        const findings = await findingsIn(page, {
          tickers: TICKERS.map((ticker) => ticker.toUpperCase()),
          decimals: DECIMALS,
          labels,
          rtl: locale === 'fa',
        });
        expect(findings, `${locale} ${path}`).toEqual([]);
      }
    });
  }
}
