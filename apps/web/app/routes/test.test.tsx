// @vitest-environment happy-dom
/**
 * `/test`, the connection check, on its real loader and component (route-kit.tsx): the form
 * keeps its values in the URL; a check starts only for an enabled coin and an address, and then
 * waits for the first share (the polling itself runs in the browser: use-worker-watch.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { content, renderPage, route, serve, stubApi, textOf, unmountPage } from '~/testing/route-kit';
import * as testRoute from './test';

afterEach(unmountPage);

const routes = [route('test', testRoute)];
const field = (page: HTMLElement, name: string) =>
  page.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-testid="conn-form"] [name="${name}"]`)!.value;

describe('connection test route', () => {
  it('offers every enabled coin, Litecoin first chosen, and starts no check without an address', async () => {
    const page = await renderPage(routes, '/test', { api: stubApi({}), until: 'conn-form' });
    expect(page.querySelector('h1')?.textContent).toBe('Test page');
    const options = [...page.querySelectorAll('select[name="coin"] option')].map((option) => option.getAttribute('value'));
    expect(options).toEqual(content.config.enabled);
    expect([field(page, 'coin'), field(page, 'address'), field(page, 'worker')]).toEqual(['ltc', '', '']);
    expect(page.querySelector('[data-testid="conn-waiting"]')).toBeNull();
  });

  it('starts the check from the URL’s values, trimmed, and waits for the worker’s first share', async () => {
    const url = '/test?coin=kas&address=%20kaspa%3Aqexample%20&worker=rig7';
    const page = await renderPage(routes, url, { api: stubApi({}), until: 'conn-waiting' });
    expect([field(page, 'coin'), field(page, 'address'), field(page, 'worker')]).toEqual(['kas', 'kaspa:qexample', 'rig7']);
    expect(textOf(page, 'conn-waiting')).toContain('Waiting for the first share from rig7…');
    expect(page.querySelector('[data-testid="conn-waiting"] a')?.getAttribute('href')).toBe('/kas');
  });

  it('starts no check for a coin the site does not offer, and keeps the address typed', async () => {
    const answer = await serve([testRoute], '/test?coin=doge&address=D123', {}, stubApi({}));
    expect(answer.data).toMatchObject({ check: null, defaults: { coin: 'ltc', address: 'D123' } });
    const long = await serve([testRoute], `/test?coin=ltc&address=${'a'.repeat(200)}`, {}, stubApi({}));
    expect((long.data as { check: { address: string } }).check.address).toHaveLength(128);
  });

  it('has the site’s default title', async () => {
    await renderPage(routes, '/test', { api: stubApi({}), until: 'conn-form' });
    expect(document.title).toBe('OpenPool · Multi-coin mining pool');
  });
});
