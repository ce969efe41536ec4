/**
 * Found, read and fast (decision 027), in the real built site on the e2e pool: every page type
 * has its own title naming its subject (en and fa); the search forgives a pasted login, spaces
 * and another coin's address and says what is wrong with words; /test refuses "abc"; the blocks
 * page pages both ways with the API's confirmations; on phones no figure is cut and the
 * back-to-top button covers nothing; in fa the pairs and names read as in en and the charts of a
 * page run the same way.
 */
import { expect, test, type Page } from '@playwright/test';
import { blocksPageSchema, topMinersSchema } from '@openpool/domain/api';
import { truncateMiddle } from '@openpool/domain/format';
import { z } from 'zod';
import { API } from './ports.ts';
import { cutsIn } from './page-checks.ts';

const workersSchema = z.object({ results: z.array(z.object({ worker: z.string(), status: z.string() })) });

async function apiJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(`${API}${path}`);
  expect(response.status, path).toBe(200);
  return schema.parse(await response.json());
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** A miner of the e2e pool with a worker: the first of ltc's top miners. */
async function aMiner(): Promise<{ address: string; worker: string }> {
  const top = await apiJson('/ltc/api/v1/top-miners', topMinersSchema);
  for (const miner of top.results) {
    const workers = await apiJson(`/ltc/api/v3/miner/workers/${miner.address}`, workersSchema);
    const worker = workers.results[0]?.worker;
    if (worker) return { address: miner.address, worker };
  }
  throw new Error('no ltc miner with a worker');
}

test.describe('titles', () => {
  for (const locale of ['en', 'fa'] as const) {
    test(`every page type has its own title naming its subject (${locale})`, async ({ page }) => {
      test.setTimeout(120_000);
      const { address, worker } = await aMiner();
      const prefix = locale === 'en' ? '' : `/${locale}`;
      const short = truncateMiddle(address, 6, 6);
      const pages: [path: string, subject: string | null][] = [
        ['/', null],
        ['/about', null],
        ['/api', null],
        ['/test', null],
        ['/merge', null],
        ['/ltc', 'Litecoin'],
        ['/ltc/hashrate', 'Litecoin'],
        ['/ltc/pool-hashrate', 'Litecoin'],
        ['/ltc/difficulty', 'Litecoin'],
        ['/ltc/top-miners', 'Litecoin'],
        ['/ltc/blocks', 'Litecoin'],
        ['/ltc/about-coin', 'Litecoin'],
        [`/ltc/miner/stats/${address}`, short],
        [`/ltc/miner/stats/${address}/${worker}`, worker],
        [`/ltc/miner/payouts/${address}`, short],
        ['/device/asic', null],
        ['/device/asic/bitmain/antminer-s21', 'S21'],
        ['/articles/faq', null],
      ];
      const titles = new Map<string, string>();
      for (const [path, subject] of pages) {
        await page.goto(`${prefix}${path === '/' && prefix ? '' : path}`, { waitUntil: 'domcontentloaded' });
        const title = await page.title();
        if (subject) expect(title, path).toContain(subject);
        expect([...titles.values()], `${path}: ${title}`).not.toContain(title);
        titles.set(path, title);
      }
      // The worker's title names its miner too; canonical stays the page's own address.
      expect(titles.get(`/ltc/miner/stats/${address}/${worker}`)).toContain(short);
      await page.goto(`${prefix}/ltc/blocks`, { waitUntil: 'domcontentloaded' });
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `https://openpool.example${prefix}/ltc/blocks`);
    });
  }

  test('a first visit keeps the server’s title without the table of titles; a navigation writes the next one', async ({
    page,
  }) => {
    // Decision 038: the route table of titles and the head words load for the first navigation.
    const headRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/(route-seo-[^/]*|i18n-fa-head-[^/]*)\.js$/.test(request.url())) headRequests.push(request.url());
    });
    await page.goto('/fa/ltc');
    await hydrated(page);
    const poolTitle = await page.title();
    expect(poolTitle).toContain('Litecoin');
    expect(headRequests).toEqual([]);
    await page.locator('a[href="/fa/ltc/blocks"]').first().click();
    await page.waitForURL('**/fa/ltc/blocks');
    await expect(page).not.toHaveTitle(poolTitle);
    const blocksTitle = await page.title();
    expect(blocksTitle).toContain('Litecoin');
    expect(headRequests).toHaveLength(2);
    await page.goBack();
    await expect(page).toHaveTitle(poolTitle);
    // The server writes the same head for the page the browser wrote it for.
    await page.goto('/fa/ltc/blocks', { waitUntil: 'domcontentloaded' });
    expect(await page.title()).toBe(blocksTitle);
  });
});

test.describe('search', () => {
  test('opens the worker of a pasted ADDRESS.worker, and the miner of a padded address', async ({ page }) => {
    const { address, worker } = await aMiner();
    await page.goto('/ltc');
    await hydrated(page);
    const box = page.getByTestId('address-search').getByRole('searchbox');
    await box.fill(`  ${address}.${worker}  `);
    await box.press('Enter');
    await page.waitForURL(`**/ltc/miner/stats/${address}/${worker}?source=search`);
    await page.goto('/ltc');
    await hydrated(page);
    await box.fill(`\t${address}   `);
    await box.press('Enter');
    await page.waitForURL(`**/ltc/miner/stats/${address}?source=search`);
    await expect(page.getByTestId('miner-address')).toHaveText(address);
  });

  test('says what is wrong with a wrong address, and offers the coin of another', async ({ page }) => {
    await page.goto('/ltc');
    await hydrated(page);
    const form = page.getByTestId('address-search');
    await form.getByRole('searchbox').fill('hello world');
    await form.getByRole('searchbox').press('Enter');
    await expect(form.getByTestId('search-problem')).toContainText('This is not a Litecoin address. An address has no spaces');
    expect(new URL(page.url()).pathname).toBe('/ltc');
    await form.getByRole('searchbox').fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    await form.getByRole('searchbox').press('Enter');
    await expect(form.getByTestId('search-problem')).toContainText('A Litecoin address starts with');
    await expect(form.getByTestId('search-other-coin').first()).toHaveAttribute(
      'href',
      '/btc/miner/stats/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
  });

  test('on the home page the address picks its coin; without script too', async ({ page }) => {
    const { address } = await aMiner();
    await page.goto('/fa');
    await hydrated(page);
    const form = page.getByTestId('home-search');
    await form.getByRole('searchbox').fill(` ${address} `);
    await form.getByRole('searchbox').press('Enter');
    await page.waitForURL(`**/fa/ltc/miner/stats/${address}?source=search`);
    // The form before hydration: a GET the home page's loader answers by the same rules.
    await page.goto('/?address=abc');
    await expect(page.getByTestId('search-problem')).toContainText('This is not an address of any coin we mine.');
  });
});

test('/test says at once that "abc" is no Litecoin address', async ({ page }) => {
  await page.goto('/test?coin=ltc&address=abc');
  await expect(page.getByTestId('search-problem')).toContainText('A Litecoin address starts with');
  await expect(page.getByTestId('conn-waiting')).toHaveCount(0);
  // Every connection guide links to it: the coin page's and the articles'.
  await page.goto('/ltc');
  await expect(page.getByTestId('guide-test-link').getByRole('link')).toHaveAttribute('href', /^\/test\?coin=ltc/);
  await page.goto('/articles/connect-hiveos');
  const links = await page.locator('main a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  expect(links).toContain(new URL('/test', page.url()).href);
});

test.describe('blocks page', () => {
  test("pages both ways and shows the API's confirmations", async ({ page }) => {
    const first = await apiJson('/ltc/api/v1/blocks?page=1&page_size=25&merged=true', blocksPageSchema);
    expect(first.total).toBeGreaterThan(25);
    await page.goto('/ltc/blocks');
    const rows = page.getByTestId('block-row');
    await expect(rows).toHaveCount(25);
    // The e2e pool has no live data: the page and the API read the same blocks.
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.getAttribute('data-hash'), tr.querySelector('[data-testid="block-confirmations"]')?.textContent]),
    );
    expect(shown).toEqual(
      first.results.map((block) => [
        block.hash,
        `${block.confirmations} / ${block.required_confirmations}`.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202F'),
      ]),
    );
    expect(first.results.some((block) => block.merged_from === 'ltc')).toBe(true);
    await expect(page.getByTestId('block-chain').filter({ hasText: 'merge-mined with LTC' }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Older blocks →' }).click();
    await page.waitForURL('**/ltc/blocks?page=2');
    await expect(page.getByTestId('block-row').first()).toHaveAttribute(
      'data-hash',
      (await apiJson('/ltc/api/v1/blocks?page=2&page_size=25&merged=true', blocksPageSchema)).results[0]!.hash,
    );
    await page.getByRole('link', { name: '← Newer blocks' }).click();
    await page.waitForURL(/\/ltc\/blocks$/);
    await expect(page.getByTestId('block-row').first()).toHaveAttribute('data-hash', first.results[0]!.hash);
  });

  test('filters by status and scheme, and a solo miner reaches its own blocks', async ({ page }) => {
    await page.goto('/ltc/blocks');
    await page.getByTestId('blocks-filters').getByRole('link', { name: 'Confirmed' }).click();
    await page.waitForURL('**/ltc/blocks?status=confirmed');
    await expect(page.getByTestId('blocks-filters').getByRole('link', { name: 'Confirmed' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    for (const status of await page.getByTestId('block-status').allTextContents()) expect(status).toBe('Confirmed');
    // A miner with SOLO shares: the finder of a SOLO block, else any top miner mining SOLO.
    const soloBlock = (await apiJson('/ltc/api/v1/blocks?scheme=solo&page_size=1', blocksPageSchema)).results[0];
    let finder = soloBlock?.finder;
    if (!finder) {
      const statsSchema = z.object({ schemes: z.array(z.string()) });
      for (const miner of (await apiJson('/ltc/api/v1/top-miners', topMinersSchema)).results.slice(0, 40)) {
        if ((await apiJson(`/ltc/api/v1/miner/stats/${miner.address}`, statsSchema)).schemes.includes('solo')) {
          finder = miner.address;
          break;
        }
      }
    }
    expect(finder, 'a miner with SOLO shares in the e2e pool').toBeTruthy();
    await page.goto(`/ltc/miner/stats/${finder}`);
    await page.getByTestId('miner-my-blocks').click();
    await page.waitForURL(`**/ltc/blocks?finder=${finder}`);
    await expect(page.getByTestId('blocks-finder')).toContainText(truncateMiddle(finder!));
    const mine = await apiJson(`/ltc/api/v1/blocks?finder=${finder}&merged=true`, blocksPageSchema);
    if (mine.total > 0) await expect(page.getByTestId('block-row')).toHaveCount(Math.min(25, mine.total));
    else await expect(page.getByTestId('blocks-none')).toBeVisible();
  });
});

/**
 * The text under the back-to-top button, at every scroll position of the page. Where the button
 * stands in the bottom bar (below 1400 px), the bar hides what scrolls beneath it and the page's
 * end must stay clear of the bar; where it floats, no text may be under it.
 */
async function underTheTopButton(page: Page): Promise<string[]> {
  const covered = new Set<string>();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize()!.height;
  const positions = [
    ...Array.from({ length: Math.ceil(height / (viewport * 0.6)) }, (_, n) => n * Math.floor(viewport * 0.6)),
    height,
  ];
  for (const y of positions) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // The button shows from 300 px on, a frame after the scroll (rAF-throttled listener).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const found = await page.evaluate(() => {
      const button = document.querySelector<HTMLElement>('[data-testid="scroll-to-top"]')!;
      if (getComputedStyle(button).visibility === 'hidden') return [];
      const bar = document.querySelector<HTMLElement>('[data-testid="floating-bar"]')!;
      const barRect = bar.getBoundingClientRect();
      const docked = barRect.width >= innerWidth - 1 && barRect.height >= button.getBoundingClientRect().height;
      // Docked: what is under the button is the bar (and what scrolls under the bar is hidden by it).
      const own = button.getBoundingClientRect();
      const under = document
        .elementsFromPoint(own.left + own.width / 2, own.top + own.height / 2)
        .find((element) => !button.contains(element));
      if (docked && under !== bar) return [`under the button: <${under?.tagName.toLowerCase()}>`];
      const atEnd = window.scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
      const shield = docked ? barRect : own;
      if (docked && !atEnd) return [];
      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || bar.contains(node) || !(node as Text).data.trim()) continue;
        if (getComputedStyle(parent).visibility === 'hidden') continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects())
          if (
            rect.width > 0 &&
            rect.left < shield.right &&
            rect.right > shield.left &&
            rect.top < shield.bottom &&
            rect.bottom > shield.top
          )
            texts.push((node as Text).data.trim());
      }
      return texts;
    });
    for (const text of found) covered.add(text);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return [...covered];
}

test.describe('phones', () => {
  for (const width of [320, 375, 1440]) {
    for (const locale of ['en', 'fa'] as const) {
      test(`no figure cut and nothing under the back-to-top button at ${width} px (${locale})`, async ({ page }) => {
        test.setTimeout(180_000);
        await page.setViewportSize({ width, height: 740 });
        const prefix = locale === 'en' ? '' : '/fa';
        for (const path of ['/btc', '/ltc', '/ltc/blocks', '/device/asic']) {
          await page.goto(`${prefix}${path}`);
          await hydrated(page);
          expect(await cutsIn(page), `${prefix}${path}`).toEqual([]);
          expect(await underTheTopButton(page), `${prefix}${path}`).toEqual([]);
        }
      });
    }
  }
});

/** Left edges of the first and last character of an element's text, in the window. */
function ends(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) if ((node as Text).data.trim()) nodes.push(node as Text);
      const first = nodes[0]!;
      const last = nodes.at(-1)!;
      const at = (node: Text, offset: number) => {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        return range.getBoundingClientRect().left;
      };
      const firstOffset = first.data.search(/\S/);
      const lastOffset = last.data.trimEnd().length - 1;
      return { text: element.textContent, first: at(first, firstOffset), last: at(last, lastOffset) };
    });
}

test.describe('right to left', () => {
  test('pairs, scheme names and amounts read as in English in fa', async ({ page }) => {
    await page.goto('/fa/ltc/blocks');
    // '37 / 100': the block's confirmations left of the required ones, as in en.
    const pair = await ends(page, '[data-testid="block-confirmations"] bdi');
    expect(pair.first, pair.text ?? '').toBeLessThan(pair.last);
    await page.goto('/fa/ltc');
    // 'PPS+': its '+' after (right of) its letters.
    const scheme = await ends(page, '[data-testid="pool-fees"] li');
    expect(scheme.text).toContain('PPS+');
    const plus = await page
      .locator('[data-testid="pool-fees"] li')
      .first()
      .evaluate((li) => {
        const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = (node as Text).data;
          const index = text.indexOf('PPS+');
          if (index < 0) continue;
          const rect = (offset: number) => {
            const range = document.createRange();
            range.setStart(node!, offset);
            range.setEnd(node!, offset + 1);
            return range.getBoundingClientRect().left;
          };
          return { p: rect(index), plus: rect(index + 3) };
        }
        return null;
      });
    expect(plus, 'PPS+ in the fees').not.toBeNull();
    expect(plus!.p).toBeLessThan(plus!.plus);
  });

  test("a miner page's charts run the same way in fa", async ({ page }) => {
    const { address } = await aMiner();
    await page.goto(`/fa/ltc/miner/stats/${address}`);
    const bars = page.getByTestId('reward-chart');
    await bars.scrollIntoViewIfNeeded();
    const directions = await page.evaluate(() => {
      const chart = document.querySelector('[data-testid="chart"] [dir]');
      const rewards = document.querySelector('[data-testid="reward-chart"]');
      const items = rewards ? [...rewards.querySelectorAll('li')] : [];
      return {
        chart: chart ? getComputedStyle(chart).direction : null,
        rewards: rewards ? getComputedStyle(rewards).direction : null,
        oldestLeftOfNewest:
          items.length > 1 ? items[0]!.getBoundingClientRect().left < items.at(-1)!.getBoundingClientRect().left : null,
      };
    });
    expect(directions).toEqual({ chart: 'ltr', rewards: 'ltr', oldestLeftOfNewest: true });
  });
});
