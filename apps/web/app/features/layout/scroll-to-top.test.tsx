import { I18nProvider } from '~/i18n/use-t';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '~/i18n/catalogues';
import { OfflineIndicator } from './offline-indicator';
import { ScrollToTop } from './scroll-to-top';

async function render(node: React.ReactNode): Promise<string> {
  const i18n = await loadCatalogue('en');
  return renderToString(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
}

describe('page-level feedback on the server', () => {
  it('the scroll-to-top button starts hidden, labelled, at the bottom inline-end corner', async () => {
    const html = await render(<ScrollToTop />);
    expect(html).toContain('aria-label="Back to top"');
    expect(html).toMatch(/class="[^"]*\binvisible\b/);
    expect(html).toMatch(/class="[^"]*\bend-6\b[^"]*\bbottom-6\b/);
    expect(html).not.toMatch(/\b(left|right)-6\b/);
  });

  it('the offline live region is in the page and empty, so the banner is announced when it appears', async () => {
    const html = await render(<OfflineIndicator />);
    expect(html).toBe('<div role="status" aria-live="polite"></div>');
  });
});
