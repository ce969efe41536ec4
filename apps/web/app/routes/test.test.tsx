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

const routes = [route('test', testRoute, undefined, 'test')];
const KAS = 'kaspa:qrelgny7sr3vahq69yykxx36m65gvmhryxrlwngfzgu8xkdslum2yxjp3ap8m';
const KAS_Q = encodeURIComponent(KAS);
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
    const url = '/test?coin=kas&address=%20kaspa%3Aqrelgny7sr3vahq69yykxx36m65gvmhryxrlwngfzgu8xkdslum2yxjp3ap8m%20&worker=rig7';
    const page = await renderPage(routes, url, { api: stubApi({}), until: 'conn-waiting' });
    expect([field(page, 'coin'), field(page, 'address'), field(page, 'worker')]).toEqual([
      'kas',
      'kaspa:qrelgny7sr3vahq69yykxx36m65gvmhryxrlwngfzgu8xkdslum2yxjp3ap8m',
      'rig7',
    ]);
    expect(textOf(page, 'conn-waiting')).toContain('Waiting for the first share from rig7…');
    expect(page.querySelector('[data-testid="conn-waiting"] a')?.getAttribute('href')).toBe('/kas');
  });

  it('starts no check for a coin the site does not offer, and keeps the address typed', async () => {
    const answer = await serve([testRoute], '/test?coin=doge&address=D123', {}, stubApi({}));
    expect(answer.data).toMatchObject({ check: null, defaults: { coin: 'ltc', address: 'D123' } });
    const long = await serve([testRoute], `/test?coin=ltc&address=${'a'.repeat(200)}`, {}, stubApi({}));
    expect(long.data).toMatchObject({ check: null, problem: { coin: 'ltc' } });
  });

  it('says at once that "abc" is no Litecoin address instead of waiting forever', async () => {
    const page = await renderPage(routes, '/test?coin=ltc&address=abc', { api: stubApi({}), until: 'search-problem' });
    expect(textOf(page, 'search-problem')).toContain('This is not a Litecoin address. A Litecoin address starts with');
    expect(page.querySelector('[data-testid="conn-waiting"]')).toBeNull();
    expect(page.querySelector('input[name="address"]')?.getAttribute('aria-invalid')).toBe('true');
    // An address and a worker read left to right in every language (a fa page showed an address's end).
    expect(page.querySelector('input[name="address"]')?.getAttribute('dir')).toBe('ltr');
    expect(page.querySelector('input[name="worker"]')?.getAttribute('dir')).toBe('ltr');
  });

  it('takes a pasted login apart and offers the coin an address belongs to', async () => {
    const login = await serve([testRoute], `/test?coin=kas&address=${KAS_Q}.rig9`, {}, stubApi({}));
    expect(login.data).toMatchObject({ check: { coin: 'kas', address: KAS, worker: 'rig9' } });
    const page = await renderPage(routes, `/test?coin=ltc&address=${KAS_Q}`, { api: stubApi({}), until: 'search-problem' });
    expect(page.querySelector('[data-testid="search-other-coin"]')?.getAttribute('href')).toBe(
      `/test?coin=kas&address=${KAS_Q}&worker=`,
    );
  });

  it('has its own title', async () => {
    await renderPage(routes, '/test', { api: stubApi({}), until: 'conn-form' });
    expect(document.title).toBe('Miner connection test · OpenPool');
  });
});
