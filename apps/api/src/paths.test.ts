/**
 * The API's routes are the domain's templates (decision 021): every template in
 * `@openpool/domain/paths` is a route of the app, so the web app, which fills the same
 * templates, cannot call a path the API does not serve.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_ROUTES, apiPath } from '@openpool/domain/paths';
import { stopTestServer } from './testing/database.ts';
import { createHarness } from './testing/harness.ts';

afterAll(() => stopTestServer());

describe('the API routes', () => {
  it('serve every path template of the domain, with GET or POST', { timeout: 60_000 }, async () => {
    // With the notifier, whose routes (mail links) exist only when notifications are on.
    const h = await createHarness(Date.UTC(2026, 10, 26), {
      notify: { mailDir: join(tmpdir(), `openpool-paths-${process.pid}`) },
    });
    try {
      const served = (url: string) => ['GET', 'POST'].some((method) => h.app.hasRoute({ method: method as 'GET', url }));
      const missing = Object.entries(API_ROUTES)
        .map(([name, template]) => [name, template.includes(':purpose') ? template.replace(':purpose', 'confirm') : template])
        .filter(([, url]) => !served(url!));
      expect(missing).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('fill a template with encoded parameters', () => {
    expect(apiPath('minerWorker', { coin: 'ltc', address: 'ltc1q x', worker: 'rig/1' })).toBe(
      '/ltc/api/v1/miner/worker/ltc1q%20x/rig%2F1',
    );
    expect(apiPath('pools', {})).toBe('/api/v1/pools');
  });
});
