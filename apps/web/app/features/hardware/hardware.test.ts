import { readFileSync } from 'node:fs';
import { parseSiteConfig } from '@openpool/domain/site-config';
import { HARDWARE_FILES, parseHardwareCatalogue, type HardwareFiles } from '@openpool/domain/hardware';
import { parseDeviceRoute } from '@openpool/domain/routes';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '~/platform/context';
import { createApiClient } from '~/platform/api-client';
import { bestCoin, deviceProfits } from '@openpool/domain/hardware-profit';
import { dailyCoins } from '@openpool/domain/profitability';
import { matchesFilters, parseFilters } from './catalogue';
import { formatEfficiency } from './figures';
import { deviceRouteOf, loadDeviceList, loadDevicePage, loadVendorPage } from './hardware-loader.server';
import { marketProfits, usdRate, type CoinMarket } from './profit';
import { findReferenceDevice } from './reference.server';

const root = new URL('../../../../../content/', import.meta.url);
const files = Object.fromEntries(
  HARDWARE_FILES.map((name) => [name, readFileSync(new URL(`hardware/${name}`, root), 'utf8')]),
) as unknown as HardwareFiles;
const catalogue = parseHardwareCatalogue(files);
const config = parseSiteConfig(readFileSync(new URL('site.json', root), 'utf8'));

function coin(ticker: string, algorithm: string, overrides: Partial<CoinMarket> = {}): CoinMarket {
  return {
    ticker,
    name: ticker.toUpperCase(),
    algorithm,
    net_difficulty: 1e14,
    block_reward: '3.125',
    schemes: ['pps', 'prop', 'solo'],
    fees: { pps: 0.02, prop: 0.01, solo: 0.015 },
    price_usd: 90_000,
    updated_at: 1_800_000_000,
    trend: null,
    ...overrides,
  };
}

const s21 = catalogue.devices.find((device) => device.slug === 'antminer-s21-pro')!;

describe('device profitability', () => {
  it('ranks coins by profit and names the best; a coin without a price comes last', () => {
    const market = {
      coins: [coin('bch', 'sha256d', { price_usd: 400 }), coin('btc', 'sha256d'), coin('xec', 'sha256d', { price_usd: null })],
    };
    const rows = marketProfits(s21.algorithms, market, { powerCost: 0.04, perUsd: 1, devicePriceUsd: 4000 });
    expect(rows.map((row) => row.coin.ticker)).toEqual(['btc', 'bch', 'xec']);
    expect(bestCoin(rows)?.coin.ticker).toBe('btc');
    // 234 TH/s x 86400 x 3.125 / (1e14 x 2^32) x 0.98, and 3510 W x 24 h at 0.04.
    const coins = ((234e12 * 86_400 * 3.125) / (1e14 * 2 ** 32)) * 0.98;
    expect(rows[0]!.coinsPerDay).toBeCloseTo(coins, 12);
    expect(rows[0]!.electricity).toBeCloseTo(3.3696, 9);
    expect(rows[0]!.profit).toBeCloseTo(coins * 90_000 - 3.3696, 6);
    expect(rows[0]!.paybackDays).toBeCloseTo(4000 / (coins * 90_000 - 3.3696), 6);
    expect(rows[2]!.revenue).toBeNull();
  });

  it('converts money to the display currency, power cost being in that currency already', () => {
    const market = { coins: [coin('btc', 'sha256d')] };
    const usd = marketProfits(s21.algorithms, market, { powerCost: 0.04, perUsd: 1, devicePriceUsd: null })[0]!;
    const eur = marketProfits(s21.algorithms, market, { powerCost: 0.04, perUsd: 0.9, devicePriceUsd: null })[0]!;
    expect(eur.revenue).toBeCloseTo(usd.revenue! * 0.9, 9);
    expect(eur.electricity).toBeCloseTo(usd.electricity, 9);
    expect(usdRate({ fiat: { USD: 1, EUR: 0.9 } }, 'eur')).toEqual({ code: 'EUR', perUsd: 0.9 });
    expect(usdRate({ fiat: { USD: 1 } }, 'XXX')).toEqual({ code: 'USD', perUsd: 1 });
  });

  it('gives the same figures from its coins-a-day cache as from the formula itself, at any power cost', () => {
    const market = { coins: [coin('btc', 'sha256d'), coin('bch', 'sha256d', { price_usd: 400 })] };
    for (const powerCost of [0.04, 0.1, 0.3]) {
      const money = { powerCost, perUsd: 1, devicePriceUsd: 4000 };
      expect(marketProfits(s21.algorithms, market, money)).toEqual(
        deviceProfits(s21.algorithms, market.coins, money, (entry, hashrate) => dailyCoins(entry, hashrate)),
      );
    }
  });

  it('skips coins of other algorithms and coins without network figures', () => {
    const market = { coins: [coin('ltc', 'scrypt'), coin('btc', 'sha256d', { net_difficulty: 0 })] };
    expect(marketProfits(s21.algorithms, market, { powerCost: 0.04, perUsd: 1, devicePriceUsd: null })).toEqual([]);
    expect(bestCoin([])).toBeNull();
  });

  it('writes efficiency at the hashrate unit', () => {
    expect(formatEfficiency(3510, 234e12)).toBe('15.00 J/TH');
    expect(formatEfficiency(120, 61e6)).toBe('1.97 J/MH');
    expect(formatEfficiency(0, 1)).toBe('–');
  });
});

describe('list filters', () => {
  const names = new Map(catalogue.manufacturers.map((maker) => [maker.slug, maker.name]));
  const list = (query: string) => {
    const filters = parseFilters(new URLSearchParams(query));
    return catalogue.devices.filter(
      (device) => device.type === 'asic' && matchesFilters(device, filters, names.get(device.vendor) ?? ''),
    );
  };

  it('filters by algorithm, coin, vendor, noise and words of the name', () => {
    expect(list('algorithm=scrypt').every((device) => device.algorithms[0]!.algorithm === 'scrypt')).toBe(true);
    expect(list('coin=kas').map((device) => device.algorithms[0]!.algorithm)).toContain('kheavyhash');
    expect(list('coin=kas').every((device) => device.algorithms.some((entry) => entry.algorithm === 'kheavyhash'))).toBe(true);
    expect(list('vendor=iceriver').every((device) => device.vendor === 'iceriver')).toBe(true);
    expect(list('noise=50').every((device) => device.type === 'asic' && device.noise_db !== null && device.noise_db <= 50)).toBe(
      true,
    );
    expect(list('q=antminer s21').map((device) => device.name)).toContain('Antminer S21 Pro');
    expect(list('q=bitmain l9').map((device) => device.name)).toEqual(['Antminer L9']);
    expect(list('q=zzzz')).toEqual([]);
    // A coin and an algorithm that disagree match nothing.
    expect(list('coin=ltc&algorithm=sha256d')).toEqual([]);
  });

  it('drops values that make no sense instead of failing', () => {
    expect(parseFilters(new URLSearchParams('sort=banana&noise=loud&coin=nope'))).toMatchObject({
      sort: 'profit',
      noise: null,
      coin: null,
    });
  });
});

describe('the device routes loader', () => {
  const calls: string[] = [];
  const stats = (ticker: string, algorithm: string) => ({
    ticker,
    name: ticker.toUpperCase(),
    algorithm,
    fee: 0.02,
    fee_type: 'PPS+',
    fees: { pps: 0.02, prop: 0.01, solo: 0.015 },
    schemes: ['pps', 'prop', 'solo'],
    hashrate: 1,
    hashrate_6h: 1,
    hashrate_24h: 1,
    hashrate_by_scheme: {},
    miners: 1,
    workers: 1,
    net_hashrate: 1,
    net_difficulty: 1e14,
    block_reward: '3.125',
    height: 1,
    directMining: false,
    effort: null,
    blocks_24h: 0,
    last_blocks_found: [],
    merged: [],
    payout: { schedule: 'hourly', min: '0.01', default_threshold: '0.1' },
    servers: { urls: [], ssl_urls: [] },
    updated_at: 1_800_000_000,
  });
  const fakeFetch = async (input: URL | RequestInfo) => {
    const url = new URL(String(input));
    calls.push(url.pathname + url.search);
    if (url.pathname === '/api/v1/rates')
      return Response.json({ fiat: { USD: 1, EUR: 0.9 }, crypto: { BTC: 90_000 }, updated_at: 1 });
    const [, ticker] = url.pathname.split('/');
    if (url.pathname.endsWith('/network/chart')) {
      const day = 86_400;
      return Response.json({
        range: '30d',
        step: day,
        points: [0, 10, 20, 30].map((d) => ({
          t: 1_800_000_000 + d * day,
          difficulty: 1e14 * 1.01 ** d,
          hashrate: 1,
          height: d,
        })),
      });
    }
    if (ticker === 'bch') return Response.json({ error: 'unavailable', message: 'down' }, { status: 503 });
    return Response.json(stats(ticker!, ticker === 'ltc' ? 'scrypt' : 'sha256d'));
  };
  const context = {
    config,
    hardware: catalogue,
    api: createApiClient({ baseUrl: 'http://api.test', fetch: fakeFetch as typeof fetch }),
  } as unknown as AppContext;
  const load = async (path: string) => {
    const { pathname } = new URL(path, 'http://site.test');
    // The kind each route module serves (routes.ts), loaded by that kind's loader.
    const kind = parseDeviceRoute(pathname.split('/').slice(2))?.kind;
    if (kind === 'type') return { kind, ...(await loadDeviceList(deviceRouteOf(pathname, kind), context)) };
    if (kind === 'vendor') return { kind, ...loadVendorPage(deviceRouteOf(pathname, kind), context) };
    return { kind: 'device' as const, ...(await loadDevicePage(deviceRouteOf(pathname, 'device'), context)) };
  };
  const status = async (path: string) => {
    try {
      await load(path);
      return 200;
    } catch (error) {
      // pageNotFound() throws React Router's data() with the status in its init.
      return (error as { init?: { status?: number } }).init?.status ?? 500;
    }
  };

  it('loads the whole type (the page filters from the URL) with the coins of its algorithms, one coin down leaving it out', async () => {
    const page = await load('/device/asic?algorithm=sha256d&sort=price&power_cost=0.1');
    if (page.kind !== 'type') throw new Error(page.kind);
    expect(page.devices).toHaveLength(catalogue.devices.filter((device) => device.type === 'asic').length);
    expect(page.devices.every((device) => device.type === 'asic')).toBe(true);
    expect(page.market.coins.map((entry) => entry.ticker)).toContain('btc');
    expect(page.market.coins.map((entry) => entry.ticker)).not.toContain('bch');
    expect(page.market.coins.find((entry) => entry.ticker === 'btc')?.price_usd).toBe(90_000);
    expect(page.algorithms).toEqual(expect.arrayContaining(['sha256d', 'scrypt', 'kheavyhash', 'blake3', 'etchash']));
    expect(page.prices['asic/bitmain/antminer-s21-pro']).toBe(4290);
  });

  it('loads a device with its offers and the 30-day difficulty trend', async () => {
    calls.length = 0;
    const page = await load('/device/asic/bitmain/antminer-s21-pro');
    if (page.kind !== 'device') throw new Error(page.kind);
    expect(page.device.name).toBe('Antminer S21 Pro');
    expect(page.offers.map((offer) => offer.seller.slug)).toEqual(['openpool-store', 'hosting-partner']);
    const btc = page.market.coins.find((entry) => entry.ticker === 'btc');
    expect(btc?.trend?.days).toBe(30);
    expect(btc?.trend?.daily).toBeCloseTo(1.01, 9);
    expect(calls).toContain('/btc/api/v1/network/chart?range=30d');
    // The type is optional in the route.
    expect((await load('/device/bitmain/antminer-s21-pro')).kind).toBe('device');
  });

  it("lists the coins of a card's type it has no figure for, saying which have none published for any card", async () => {
    const page = await load('/device/gpu/nvidia/geforce-gtx-1080');
    if (page.kind !== 'device') throw new Error(page.kind);
    const without = new Map(page.withoutFigure.map((coin) => [coin.ticker, coin]));
    expect(without.get('xel')).toMatchObject({ algorithm: 'xelishash', published: true });
    expect(without.get('iron')).toMatchObject({ algorithm: 'fishhash', published: true });
    expect(without.get('rxd')).toMatchObject({ algorithm: 'sha512256d', published: false });
    expect(without.has('etc')).toBe(false);
    expect(page.coins.map((coin) => coin.ticker)).toContain('etc');
    expect(page.priceBasis).toBe('launch');
    const asic = await load('/device/asic/bitmain/antminer-s21-pro');
    if (asic.kind !== 'device') throw new Error(asic.kind);
    expect(asic.withoutFigure).toEqual([]);
    expect(asic.priceBasis).toBe('offer');
  });

  it('loads a manufacturer with or without a type', async () => {
    const page = await load('/device/amd');
    if (page.kind !== 'vendor') throw new Error(page.kind);
    expect(page.vendor.country).toBe('US');
    expect(new Set(page.devices.map((device) => device.type))).toEqual(new Set(['gpu', 'cpu']));
    const gpus = await load('/device/gpu/amd');
    if (gpus.kind !== 'vendor') throw new Error(gpus.kind);
    expect(gpus.devices.every((device) => device.type === 'gpu')).toBe(true);
  });

  it('answers 404 for an unknown manufacturer, device, or a manufacturer without that type', async () => {
    expect(await status('/device/nobody')).toBe(404);
    expect(await status('/device/asic/bitmain/no-such-miner')).toBe(404);
    expect(await status('/device/gpu/bitmain')).toBe(404);
    expect(await status('/device/cpu/nvidia/geforce-rtx-3070')).toBe(404);
    expect(await status('/device/gpu/nvidia/geforce-rtx-3070')).toBe(200);
  });
});

describe('reference devices', () => {
  const coins = JSON.parse(readFileSync(new URL('coins.json', root), 'utf8')) as {
    coins: Record<string, { reference: { device: string } }>;
  };

  it("finds every coin's reference device in the catalogue, with or without the maker's name", () => {
    for (const [ticker, info] of Object.entries(coins.coins)) {
      expect(findReferenceDevice(catalogue, info.reference.device, 'sha256d'), ticker).not.toBeNull();
    }
    expect(findReferenceDevice(catalogue, 'NVIDIA GeForce RTX 3070', 'kawpow')).toEqual({
      href: '/device/gpu/nvidia/geforce-rtx-3070',
      name: 'GeForce RTX 3070',
      power: 145,
    });
    expect(findReferenceDevice(catalogue, 'Antminer S21 Pro', 'sha256d')?.power).toBe(3510);
    expect(findReferenceDevice(catalogue, 'AMD Ryzen 9 7950X', 'xelishash')?.power).toBeNull();
    expect(findReferenceDevice(catalogue, 'Nonexistent 9000', 'sha256d')).toBeNull();
  });
});
