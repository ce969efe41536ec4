import { chromium } from '@playwright/test';
const [base, out, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [device, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 375, height: 812 }],
]) {
  for (const scheme of (process.env.SCHEMES ?? 'light').split(',')) {
    const context = await browser.newContext({ viewport, colorScheme: scheme });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const name = `${out}/${device}-${scheme}-${path.replace(/\W+/g, '_') || 'home'}.png`;
      await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();
