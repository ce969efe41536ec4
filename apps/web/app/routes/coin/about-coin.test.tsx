// @vitest-environment happy-dom
/**
 * `/{coin}/about-coin` on the real coin layout and page (route-kit.tsx): what the coin is, from
 * the operator's content (content/coins.json), with its figures and the links it could confirm.
 * The page needs no API of its own: the header's stats failing leaves the description whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '~/platform/api-paths';
import { createPoolStats } from '~/testing/payloads';
import { captureWarnings, content, downApi, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as aboutCoinRoute from './about-coin';
import * as layoutRoute from './layout';

afterEach(unmountPage);

const routes = [route(':coin', layoutRoute, [route('about-coin', aboutCoinRoute)])];
const ltcApi = () => stubApi({ [apiPaths.poolStats('ltc')]: createPoolStats('ltc') });
const facts = (page: HTMLElement) =>
  Object.fromEntries(
    [...page.querySelectorAll('article dl > div')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]),
  );

describe('about-coin route', () => {
  it('describes the coin with its algorithm, launch, block time, reward and links', async () => {
    const page = await renderPage(routes, '/ltc/about-coin', { api: ltcApi(), until: 'about-description' });
    expect(page.querySelector('article h1')?.textContent).toBe('About Litecoin');
    expect(textOf(page, 'about-description')).toMatch(/^Litecoin was launched in October 2011/);
    expect(facts(page)).toEqual({
      Algorithm: 'scrypt',
      Launched: '2011',
      'Block time': '150 seconds',
      'Block reward': '6.250000 LTC (halves every 840\u202F000 blocks)',
    });
    // English content keeps its own direction in a right-to-left page: the description's full stop
    // and the reward's figure stood at the wrong end in Persian.
    expect(page.querySelector('[data-testid="about-description"]')?.getAttribute('dir')).toBe('auto');
    const reward = [...page.querySelectorAll('article dl > div')].find(
      (row) => row.querySelector('dt')?.textContent === 'Block reward',
    );
    expect(reward?.querySelector('dd > bdi[dir="auto"][lang="en"]')?.textContent).toMatch(/^6\.250000 LTC/);
    const links = [...page.querySelectorAll('article ul a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Website', 'https://litecoin.org'],
      ['Block explorer', 'https://blockchair.com/litecoin'],
    ]);
    expect((await serve([layoutRoute, aboutCoinRoute], '/ltc/about-coin', { coin: 'ltc' }, ltcApi())).status).toBe(200);
  });

  it('stays whole when the pool’s stats are unavailable', async () => {
    captureWarnings();
    const page = await renderPage(routes, '/ltc/about-coin', { api: downApi, until: 'about-description' });
    expect(page.querySelector('article h1')?.textContent).toBe('About Litecoin');
  });

  it('leaves out a link the content could not confirm', async () => {
    const { coins } = content.coinContent;
    const coinContent = { coins: { ...coins, ltc: { ...coins.ltc, website: undefined } } };
    const page = await renderPage(routes, '/ltc/about-coin', {
      api: ltcApi(),
      until: 'about-description',
      context: { coinContent },
    });
    expect([...page.querySelectorAll('article ul a')].map((a) => a.textContent)).toEqual(['Block explorer']);
  });
});
