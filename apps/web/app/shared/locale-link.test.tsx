import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LocaleLink } from './locale-link';

const at = (path: string, node: React.ReactNode) => renderToString(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);

describe('LocaleLink on the server', () => {
  // The browser hydrates React Router's Link over this markup: it must be the very same.
  it.each([
    ['/btc', '/btc'],
    ['/ru/btc', '/ru/btc'],
    ['/fa/articles/how-to-start', '/fa/articles/how-to-start?x=1#top'],
    ['/btc/miner/stats/abc', '/btc/miner/stats/bc1q%2Fodd/rig%201/pplns'],
    ['/zh-cn', '/'],
  ])('writes what Link writes (page %s, link %s)', (page, to) => {
    const props = { className: 'a b', dir: 'ltr' as const, 'data-testid': 'x', 'aria-current': 'page' as const, target: '_self' };
    const ours = at(
      page,
      <LocaleLink to={to} {...props} replace state={{ a: 1 }} preventScrollReset>
        text
      </LocaleLink>,
    );
    const locale = page.split('/')[1];
    const localized = ['ru', 'fa', 'zh-cn'].includes(locale ?? '') ? (to === '/' ? `/${locale}` : `/${locale}${to}`) : to;
    const theirs = at(
      page,
      <Link to={localized} prefetch="intent" {...props} replace state={{ a: 1 }} preventScrollReset>
        text
      </Link>,
    );
    expect(ours).toBe(theirs);
    expect(ours).toContain(`href="${localized.replaceAll('&', '&amp;')}"`);
  });

  it('leaves paths the router would rewrite to Link itself', () => {
    const odd = at('/btc', <LocaleLink to="/btc/../ltc//x">odd</LocaleLink>);
    expect(odd).toBe(at('/btc', <Link to="/btc/../ltc//x">odd</Link>));
    expect(odd).toContain('href="/ltc/x"');
  });
});
