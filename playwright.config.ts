import { defineConfig } from '@playwright/test';

const PORT = 3210;

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
  webServer: {
    command: 'node apps/web/server.ts',
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      SITE_URL: 'https://openpool.example',
      PUBLIC_API_URL: 'http://localhost:8787',
      RU_SITE_HOST: 'openpool.ru.localhost',
      RU_API_URL: 'https://api.openpool.ru',
      COOKIE_DOMAIN: '.openpool.example',
    },
  },
});
