import type { LocaleCode } from '@openpool/domain/locales';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { I18nProvider } from '~/i18n/use-t';
import type { WorkerRow } from './miner-types';
import { WORKERS_PAGE, WorkersTable } from './workers-table';

const NOW = Date.UTC(2026, 10, 26, 12);

function farm(count: number): WorkerRow[] {
  return Array.from({ length: count }, (_, i) => ({
    worker: `rig${i}`,
    scheme: 'pps',
    status: i % 10 === 0 ? 'offline' : 'online',
    hashrate_10m: 1e9 + i,
    avg_hashrate_3h: 1e9,
    avg_hashrate_24h: 1e9,
    valid: 100,
    stale: 0,
    invalid: 0,
    last_share: NOW - 60_000,
  }));
}

async function render(workers: WorkerRow[], locale: LocaleCode = 'en'): Promise<string> {
  const i18n = await loadCatalogue(locale);
  const Stub = createRoutesStub([
    { path: '*', Component: () => <WorkersTable workers={workers} coin="ltc" address="LtcFarm" now={NOW} /> },
  ]);
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[locale === 'en' ? '/ltc' : `/${locale}/ltc`]} />
    </I18nProvider>,
  );
  return html.replace(/<!-- -->/g, '');
}

const rowsIn = (html: string) => html.match(/data-testid="worker-row"/g)?.length ?? 0;

describe('WorkersTable', () => {
  it('draws every worker of a miner with up to a page of them, and no "show more"', async () => {
    const html = await render(farm(WORKERS_PAGE));
    expect(rowsIn(html)).toBe(WORKERS_PAGE);
    expect(html).not.toContain('data-testid="workers-more"');
  });

  it("draws a farm's first page, says how many there are and offers the next ones", async () => {
    const html = await render(farm(2345));
    expect(rowsIn(html)).toBe(WORKERS_PAGE);
    expect(html).toContain('>Showing 100 of 2\u202F345 workers<');
    expect(html).toMatch(/data-testid="workers-more"[^>]*>Show 100 more</);
  });

  it('counts in the language of the page, with its plural forms', async () => {
    const ru = await render(farm(101), 'ru');
    expect(ru).toContain('>Показано 100 из 101 воркера<');
    expect(ru).toContain('>Показать ещё 1<');
    // Russian groups digits with a no-break space.
    expect(await render(farm(2345), 'ru')).toMatch(/>Показано 100 из 2\s345 воркеров</);
  });
});
