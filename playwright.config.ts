import { copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { guardFolder } from './apps/api/src/testing/folder-guard.ts';
import { API_PORT, SITE_PORT as PORT } from './e2e/ports.ts';
import { ALERT_ENDS_AT, NOW_ISO } from './e2e/clock.ts';

/**
 * A fresh data folder per run: the API backfills one simulated day with a fixed seed. Named once
 * by the runner and inherited by its workers, which load this file again in their own process.
 * The runner's folders go when the runner ends, after it stopped the web servers, with the API's
 * PostgreSQL if the API did not stop it in time (decision 001); a folder given in E2E_DATA_DIR
 * is the caller's and stays.
 */
const runner = process.env.E2E_DATA_DIR === undefined;
process.env.E2E_DATA_DIR ??= join(tmpdir(), `openpool-e2e-${process.pid}`);
const API_DATA_DIR = process.env.E2E_DATA_DIR;
if (runner) guardFolder(API_DATA_DIR);
/** Where the API writes its mails (no SMTP here): specs read a confirmation's link from them. */
process.env.E2E_MAIL_DIR = join(API_DATA_DIR, 'mail');

/**
 * The API's content for the run: the site's own, except that the API does not serve dgb, so
 * the home page meets a real failure of one coin's pool-stats call (spec section 7).
 */
export const FAILING_COIN = 'dgb';
if (process.env.E2E_API_CONTENT_DIR === undefined) {
  // Written once, by the runner, before the API starts; its workers inherit the name. One per run,
  // not per API port: a run's end removes it (decision 001), which must not pull another's away.
  process.env.E2E_API_CONTENT_DIR = join(tmpdir(), `openpool-e2e-api-content-${process.pid}`);
  const dir = process.env.E2E_API_CONTENT_DIR;
  mkdirSync(dir, { recursive: true });
  guardFolder(dir);
  copyFileSync('content/pools.json', join(dir, 'pools.json'));
  const site = JSON.parse(readFileSync('content/site.json', 'utf8')) as { enabled: string[]; groups: Record<string, string[]> };
  site.enabled = site.enabled.filter((coin) => coin !== FAILING_COIN);
  for (const group of Object.keys(site.groups))
    site.groups[group] = (site.groups[group] ?? []).filter((coin) => coin !== FAILING_COIN);
  writeFileSync(join(dir, 'site.json'), JSON.stringify(site));
}
const API_CONTENT_DIR = process.env.E2E_API_CONTENT_DIR;

/**
 * The web server's content: the site's own, except that the alert banner's window ends a day
 * after the frozen now (ALERT_ENDS_AT) rather than on the operator's date, so the banner's texts
 * are tested whatever day the run is on, and its end at fixed instants of the browser's clock
 * (footer.spec.ts). The web server renders on the wall clock (decision 032).
 */
if (process.env.E2E_WEB_CONTENT_DIR === undefined) {
  // Written once, by the runner, before the web server starts; its workers inherit the name.
  process.env.E2E_WEB_CONTENT_DIR = join(tmpdir(), `openpool-e2e-web-content-${process.pid}`);
  guardFolder(process.env.E2E_WEB_CONTENT_DIR);
  cpSync('content', process.env.E2E_WEB_CONTENT_DIR, { recursive: true });
  const webSite = JSON.parse(readFileSync('content/site.json', 'utf8')) as { alert: Record<string, unknown> };
  webSite.alert = { ...webSite.alert, ends_at: ALERT_ENDS_AT };
  writeFileSync(join(process.env.E2E_WEB_CONTENT_DIR, 'site.json'), JSON.stringify(webSite));
}
const WEB_CONTENT_DIR = process.env.E2E_WEB_CONTENT_DIR;

const E2E_REFERRAL_SECRET = 'e2e-referral-secret-0123456789abcdef';

/** Browser tests drive the real production build in Debian's Chromium (never a downloaded one). */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-reports/e2e.json' }]] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      command: 'node apps/api/src/server.ts',
      url: `http://127.0.0.1:${API_PORT}/ready`,
      reuseExistingServer: false,
      // The simulated day's backfill takes 20-30 s alone and over a minute on a loaded machine.
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
      env: {
        API_HOST: '127.0.0.1',
        API_PORT: String(API_PORT),
        DATA_DIR: API_DATA_DIR,
        SIMULATOR_BACKFILL_DAYS: '1',
        // Fixed data: the backfill only, read at one frozen moment, so a page and the API agree
        // on every figure however long the run takes (e2e/clock.ts, decision 032).
        SIMULATOR_LIVE: 'off',
        FIXED_NOW: NOW_ISO,
        CONTENT_DIR: API_CONTENT_DIR,
        // Tests post their own events (a miner with a known worker IP for the settings proof).
        INGEST_TOKEN: 'e2e-ingest-token-0123456789',
        SIMULATOR_SEED: '20261121',
        CORS_ORIGINS: `http://localhost:${PORT}`,
        LOG_LEVEL: 'silent',
        // Shared with the web server, which signs referral landings with it (decision 017).
        REFERRAL_SECRET: E2E_REFERRAL_SECRET,
        // Known to the specs, which sign a mail's unsubscribe link with it (console-errors.spec.ts).
        NOTIFY_SECRET: 'e2e-notify-secret-0123456789abcdef',
      },
    },
    {
      // E2E_WEB_BUILD: a copy of apps/web/build (beside it, in apps/), so a rebuild by another
      // work in the same tree does not pull the assets from under a run.
      command: `node ${process.env.E2E_WEB_BUILD ?? 'apps/web/build'}/server.js`,
      url: `http://localhost:${PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        SITE_URL: 'https://openpool.example',
        API_URL: `http://127.0.0.1:${API_PORT}`,
        PUBLIC_API_URL: `http://localhost:${API_PORT}`,
        RU_SITE_HOST: 'openpool.ru.localhost',
        RU_API_URL: 'https://api.openpool.ru',
        COOKIE_DOMAIN: '.openpool.example',
        REFERRAL_SECRET: E2E_REFERRAL_SECRET,
        CONTENT_DIR: WEB_CONTENT_DIR,
      },
    },
  ],
});
