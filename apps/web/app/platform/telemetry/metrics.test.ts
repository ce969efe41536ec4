import { afterEach, describe, expect, it, vi } from 'vitest';
import { countPageView, metricsHitUrl } from './metrics';

describe('metricsHitUrl', () => {
  it('sends the path, encoded, as page', () => {
    expect(metricsHitUrl('https://counter.example/hit', '/ru/btc/miner/stats/a b')).toBe(
      'https://counter.example/hit?page=%2Fru%2Fbtc%2Fminer%2Fstats%2Fa%20b',
    );
  });

  it('appends to an endpoint that has a query already', () => {
    expect(metricsHitUrl('https://counter.example/hit?site=7', '/')).toBe('https://counter.example/hit?site=7&page=%2F');
  });
});

describe('countPageView', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts each navigation once, with a beacon', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    expect(countPageView('https://counter.example/hit', '/btc')).toBe(true);
    expect(countPageView('https://counter.example/hit', '/btc')).toBe(false);
    expect(countPageView('https://counter.example/hit', '/ltc')).toBe(true);
    expect(countPageView('https://counter.example/hit', '/btc')).toBe(true);
    expect(sendBeacon.mock.calls).toEqual([
      ['https://counter.example/hit?page=%2Fbtc'],
      ['https://counter.example/hit?page=%2Fltc'],
      ['https://counter.example/hit?page=%2Fbtc'],
    ]);
  });

  it('falls back to an image when there is no beacon', () => {
    const images: { src: string }[] = [];
    vi.stubGlobal('navigator', {});
    vi.stubGlobal(
      'Image',
      class {
        constructor() {
          images.push(this as unknown as { src: string });
        }
      },
    );
    countPageView('https://counter.example/hit', '/about');
    expect(images.map((image) => image.src)).toEqual(['https://counter.example/hit?page=%2Fabout']);
  });
});
