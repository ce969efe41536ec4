import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COINS } from './coins.ts';
import {
  deviceKey,
  GPU_HASHRATE_BANDS,
  GPU_POWER_BAND,
  HARDWARE_FILES,
  parseHardwareCatalogue,
  REGISTRY_ALGORITHMS,
  type HardwareFiles,
} from './hardware.ts';

const dir = new URL('../../../content/hardware/', import.meta.url);
const files = Object.fromEntries(
  HARDWARE_FILES.map((name) => [name, readFileSync(new URL(name, dir), 'utf8')]),
) as unknown as HardwareFiles;

/** The files with one JSON value changed by `edit`. */
function broken(file: keyof HardwareFiles, edit: (json: Record<string, unknown[]>) => void): HardwareFiles {
  const json = JSON.parse(files[file]) as Record<string, unknown[]>;
  edit(json);
  return { ...files, [file]: JSON.stringify(json) };
}

function failure(input: HardwareFiles): string {
  try {
    parseHardwareCatalogue(input);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the catalogue to be refused');
}

describe('the hardware catalogue in content/hardware', () => {
  const catalogue = parseHardwareCatalogue(files);
  const of = (type: string) => catalogue.devices.filter((device) => device.type === type);

  it('has at least 80 ASICs, 70 GPUs and 40 CPUs, each figure with its own source and date', () => {
    expect(of('asic').length).toBeGreaterThanOrEqual(80);
    expect(of('gpu').length).toBeGreaterThanOrEqual(70);
    expect(of('cpu').length).toBeGreaterThanOrEqual(40);
    for (const device of catalogue.devices) {
      expect(device.source, deviceKey(device)).toMatch(/^https:\/\//);
      for (const figure of device.algorithms) {
        expect(figure.source, `${deviceKey(device)} ${figure.algorithm}`).toMatch(/^https:\/\//);
        expect(figure.as_of, `${deviceKey(device)} ${figure.algorithm}`).toMatch(/^\d{4}-\d\d-\d\d$/);
      }
    }
  });

  it('carries every GPU algorithm of our coins that public data covers, on many cards, one card mixing sources', () => {
    const cards = (algorithm: string) =>
      of('gpu').filter((device) => device.algorithms.some((entry) => entry.algorithm === algorithm));
    for (const algorithm of [
      'nexapow',
      'kheavyhash',
      'blake3',
      'karlsenhash',
      'fishhash',
      'xelishash',
      'octopus',
      'autolykos2',
    ]) {
      expect(cards(algorithm).length, algorithm).toBeGreaterThanOrEqual(25);
    }
    // No public per-card figures exist for these (README): none is made up.
    for (const algorithm of ['sha512256d', 'sedrahash']) expect(cards(algorithm)).toEqual([]);
    const rtx3080 = of('gpu').find((device) => device.slug === 'geforce-rtx-3080')!;
    const hosts = new Set(rtx3080.algorithms.map((entry) => new URL(entry.source).host));
    expect(hosts).toEqual(new Set(['whattomine.com', 'minerstat.com']));
  });

  it('names a page for every launch price and release of the cards minerstat lists without them', () => {
    const cited = of('gpu').filter((device) => device.source.startsWith('https://minerstat.com/') && device.price_usd !== null);
    expect(cited.length).toBeGreaterThanOrEqual(10);
    for (const device of cited) {
      const fields = (device.spec_sources ?? []).flatMap((entry) => entry.fields);
      expect(fields, device.name).toContain('price_usd');
    }
  });

  it('covers every ASIC-mined algorithm of the registry and gives every CPU a RandomX figure', () => {
    const asicAlgorithms = new Set(of('asic').flatMap((device) => device.algorithms.map((entry) => entry.algorithm)));
    for (const algorithm of ['sha256d', 'scrypt', 'kheavyhash', 'blake3', 'etchash']) expect(asicAlgorithms).toContain(algorithm);
    for (const cpu of of('cpu')) expect(cpu.algorithms.map((entry) => entry.algorithm)).toContain('randomx');
    expect(REGISTRY_ALGORITHMS).toContain(COINS.ltc.algorithm);
  });

  it('has plausible efficiencies: no figure off by a unit prefix', () => {
    // J per TH of sha256d ASICs sits between 10 and 120; a GPU's figures sit in its algorithm's band.
    for (const device of of('asic')) {
      for (const figure of device.algorithms.filter((entry) => entry.algorithm === 'sha256d')) {
        const joulesPerTh = figure.power / (figure.hashrate / 1e12);
        expect(joulesPerTh, device.name).toBeGreaterThan(10);
        expect(joulesPerTh, device.name).toBeLessThan(120);
      }
    }
    for (const device of of('gpu')) {
      for (const figure of device.algorithms) {
        const band = GPU_HASHRATE_BANDS[figure.algorithm];
        const label = `${device.name} ${figure.algorithm}`;
        expect(band, label).toBeDefined();
        expect(figure.hashrate, label).toBeGreaterThanOrEqual(band![0]);
        expect(figure.hashrate, label).toBeLessThanOrEqual(band![1]);
        expect(figure.power, label).toBeGreaterThanOrEqual(GPU_POWER_BAND[0]);
        expect(figure.power, label).toBeLessThanOrEqual(GPU_POWER_BAND[1]);
      }
    }
  });

  it('sorts offers cheapest first and marks exclusive sellers', () => {
    const offers = catalogue.offers.get('asic/bitmain/antminer-s21-pro') ?? [];
    expect(offers.length).toBeGreaterThanOrEqual(2);
    expect(offers[0]!.price_usd).toBeLessThanOrEqual(offers[1]!.price_usd);
    expect(offers.some((offer) => offer.exclusive)).toBe(true);
  });
});

describe('a bad catalogue names every bad field', () => {
  it('names a broken hashrate with its file and path', () => {
    const message = failure(
      broken('asic.json', (json) => {
        (json.devices![3] as { algorithms: { hashrate: unknown }[] }).algorithms[0]!.hashrate = -1;
        (json.devices![5] as { as_of: unknown }).as_of = 'yesterday';
      }),
    );
    expect(message).toContain('content/hardware/asic.json: devices[3].algorithms[0].hashrate');
    expect(message).toContain('content/hardware/asic.json: devices[5].as_of: must be a date YYYY-MM-DD');
  });

  it('refuses a figure without a source or a date, naming the figure', () => {
    const message = failure(
      broken('gpu.json', (json) => {
        delete (json.devices![0] as { algorithms: { source?: string }[] }).algorithms[1]!.source;
        (json.devices![2] as { algorithms: { source: string }[] }).algorithms[0]!.source = 'whattomine.com';
        delete (json.devices![4] as { algorithms: { as_of?: string }[] }).algorithms[0]!.as_of;
      }),
    );
    expect(message).toContain('content/hardware/gpu.json: devices[0].algorithms[1].source');
    expect(message).toContain('content/hardware/gpu.json: devices[2].algorithms[0].source: must be an https URL');
    expect(message).toContain('content/hardware/gpu.json: devices[4].algorithms[0].as_of');
  });

  it('refuses a specification source without an https page or naming a field it cannot source', () => {
    const message = failure(
      broken('gpu.json', (json) => {
        const devices = json.devices as { spec_sources?: unknown[] }[];
        devices[0]!.spec_sources = [{ fields: ['release'], source: 'techpowerup.com', as_of: '2026-11-26' }];
        devices[1]!.spec_sources = [{ fields: ['hashrate'], source: 'https://example.org/', as_of: '2026-11-26' }];
      }),
    );
    expect(message).toContain('content/hardware/gpu.json: devices[0].spec_sources[0].source: must be an https URL');
    expect(message).toContain('content/hardware/gpu.json: devices[1].spec_sources[0].fields[0]');
  });

  it('refuses an algorithm the registry does not know, an unknown vendor and a duplicate device', () => {
    const message = failure(
      broken('gpu.json', (json) => {
        (json.devices![0] as { algorithms: { algorithm: string }[] }).algorithms[0]!.algorithm = 'sha3';
        (json.devices![1] as { vendor: string }).vendor = 'nobody';
        json.devices!.push(json.devices![2]);
      }),
    );
    expect(message).toContain('gpu.json: devices[0].algorithms[0].algorithm: must be an algorithm of the coin registry');
    expect(message).toContain("gpu.json: devices[1].vendor: 'nobody' is not in manufacturers.json");
    expect(message).toMatch(/gpu\.json: devices\[\d+\]\.slug: 'gpu\/nvidia\/[a-z0-9-]+' appears twice/);
  });

  it('checks sellers, offers and manufacturers, and a file that is not JSON', () => {
    const message = failure({
      ...broken('sellers.json', (json) => {
        (json.offers![0] as { device: string }).device = 'asic/bitmain/no-such-miner';
        (json.offers![1] as { stock: string }).stock = 'maybe';
        (json.offers![2] as { seller: string }).seller = 'ghost';
      }),
      'cpu.json': '{ not json',
      'manufacturers.json': JSON.stringify({
        manufacturers: [{ slug: 'asic', name: 'X', country: 'China', website: 'http://x' }],
      }),
    });
    expect(message).toContain("sellers.json: offers[0].device: 'asic/bitmain/no-such-miner' is not in the catalogue");
    expect(message).toContain('sellers.json: offers[1].stock');
    expect(message).toContain("sellers.json: offers[2].seller: 'ghost' is not in sellers");
    expect(message).toContain('cpu.json: not valid JSON');
    expect(message).toContain('manufacturers.json: manufacturers[0].country: must be an ISO 3166 country code');
    expect(message).toContain('manufacturers.json: manufacturers[0].website: must be an https URL');
  });
});
