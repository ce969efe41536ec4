import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { windowQuality } from '@openpool/domain/share-quality';
import { loadCatalogue } from '~/i18n/catalogues';
import { I18nProvider } from '~/i18n/use-t';
import { ShareQualityTable } from './share-quality';

const own = {
  '1h': windowQuality({ valid: 45, stale: 4, invalid: 1 }),
  '24h': windowQuality({ valid: 145, stale: 14, invalid: 1 }),
};
const pool = {
  '1h': windowQuality({ valid: 0, stale: 0, invalid: 0 }),
  '24h': windowQuality({ valid: 1345, stale: 19, invalid: 1 }),
};

async function render(hint: boolean, locale: 'en' | 'fa' = 'en') {
  const i18n = await loadCatalogue(locale);
  return renderToString(
    <I18nProvider i18n={i18n}>
      <ShareQualityTable own={own} pool={pool} hint={hint} testId="q" />
    </I18nProvider>,
  ).replace(/<!-- -->/g, '');
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');

describe('share quality table', () => {
  it('shows each window’s counts and rates beside the pool’s 24-hour rates', async () => {
    const html = await render(false);
    const stale = /data-testid="q-stale">(.*?)<\/tr>/.exec(html)?.[1] ?? '';
    expect(text(stale).trim()).toBe('Stale 4 8.00% 14 8.75% 1.39%');
    expect(html).toContain('>1H<');
    expect(html).not.toContain('data-testid="q-hint"');
  });

  it('hints at latency and the server region, with both rates, when asked to', async () => {
    expect(text(await render(true))).toContain(
      "This worker's stale rate ( 8.75% ) is far above the pool's ( 1.39% )"
        .replaceAll(' ( ', ' (\u2068')
        .replaceAll(' )', '\u2069)'),
    );
  });
});
