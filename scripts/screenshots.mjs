// Screenshots for a person to look at (not a test): desktop 1440 and phone 375, light and dark,
// en and fa, of a few pages, into test-results/screenshots. Needs a running site (BASE_URL).
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = 'test-results/screenshots';
const PAGES = (process.env.PAGES ?? '/,/btc,/no-such-coin').split(',');
mkdirSync(OUT, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [device, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 375, height: 812 }],
]) {
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport, colorScheme: scheme, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const locale of ['en', 'fa']) {
      for (const path of PAGES) {
        const url = BASE + (locale === 'en' ? path : `/${locale}${path === '/' ? '' : path}`);
        await page.goto(url, { waitUntil: 'networkidle' });
        const name = `${device}-${scheme}-${locale}-${path.replace(/\W+/g, '_') || 'home'}.png`;
        await page.screenshot({ path: `${OUT}/${name}`, fullPage: false });
        console.log(`${OUT}/${name}`);
      }
    }
    await context.close();
  }
}
await browser.close();
