import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { I18nProvider } from '~/i18n/use-t';
import { ExportDialog, exportHref, rangeProblem } from './export-dialog';

const ADDRESS = 'ltc1q export/odd';

describe('export dialog', () => {
  it('links to the API export with only the choices made (empty days: the API’s whole history)', () => {
    const base = 'https://api.pool.test';
    expect(exportHref(base, 'ltc', ADDRESS, { kind: 'payouts', format: 'csv', from: '', to: '', fiat: null })).toBe(
      'https://api.pool.test/ltc/api/v1/miner/export/ltc1q%20export%2Fodd?kind=payouts&format=csv',
    );
    expect(
      exportHref(base, 'ltc', ADDRESS, { kind: 'rewards', format: 'json', from: '2025-01-01', to: '2025-12-31', fiat: 'EUR' }),
    ).toBe(
      'https://api.pool.test/ltc/api/v1/miner/export/ltc1q%20export%2Fodd?kind=rewards&format=json&from=2025-01-01&to=2025-12-31&fiat=EUR',
    );
  });

  it('renders a button that opens the dialog without script, and a download link', async () => {
    const i18n = await loadCatalogue('ru');
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <ExportDialog coin="ltc" address={ADDRESS} />
      </I18nProvider>,
    );
    const popover = /<div id="([^"]+)" popover="auto" role="dialog"/.exec(html)?.[1];
    expect(popover).toBeTruthy();
    // HTML attribute names are case-insensitive: the parser reads popoverTarget as popovertarget.
    expect(html.toLowerCase()).toContain(`popovertarget="${popover!.toLowerCase()}"`);
    expect(html).toContain('Экспорт');
    expect(html).toMatch(
      /<a href="\/ltc\/api\/v1\/miner\/export\/ltc1q%20export%2Fodd\?kind=payouts&amp;format=csv"[^>]* download=""/,
    );
  });

  it('says what is wrong with the days before the API is asked: reversed, or above ten years', () => {
    const now = Date.UTC(2026, 10, 28, 12);
    expect(rangeProblem({ from: '', to: '' }, now)).toBeNull();
    expect(rangeProblem({ from: '2025-02-01', to: '2025-01-31' }, now)).toBe('reversed');
    // 3,653 days (ten years with their leap days) is the most, both ends included.
    expect(rangeProblem({ from: '2016-11-20', to: '2026-11-20' }, now)).toBeNull();
    expect(rangeProblem({ from: '2016-11-19', to: '2026-11-20' }, now)).toBe('tooLong');
    expect(rangeProblem({ from: '1026-11-20', to: '' }, now)).toBe('tooLong');
    expect(rangeProblem({ from: '2020-01-01', to: '' }, now)).toBeNull();
  });
});
