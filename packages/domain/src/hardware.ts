/**
 * The hardware catalogue (`content/hardware/`): ASICs, GPUs and CPUs with their hashrate and
 * power per algorithm, the manufacturers (the `{vendor}` of the device routes), and the
 * operator's sellers and offers. Operator data, validated once at start-up: a bad file stops
 * the server naming the file and every wrong field path. Figures come from public sources, and
 * every figure says where from (`source`) and when (`as_of`), so one card can carry one
 * source's etchash and another's fishhash (content/hardware/README.md).
 */
import { z } from 'zod';
import { COINS, COIN_TICKERS } from './coins.ts';
import { deviceKey } from './hardware-keys.ts';
import { DEVICE_TYPES, isSlug } from './routes.ts';

// Kept in a module without zod for the browser (hardware-keys.ts).
export { deviceKey, GPU_ALGORITHMS_WITHOUT_FIGURES } from './hardware-keys.ts';

/** Algorithms a device may list: exactly the algorithms of the coin registry, so every figure has a coin. */
export const REGISTRY_ALGORITHMS: readonly string[] = [...new Set(COIN_TICKERS.map((ticker) => COINS[ticker].algorithm))];

/**
 * What a graphics card can plausibly do per algorithm, H/s (from a GTX 1050 Ti to an RTX 5090,
 * with room): the import of public figures drops a figure outside its band and a test holds the
 * catalogue to them, which catches a unit slip or a bad average (content/hardware/README.md).
 */
export const GPU_HASHRATE_BANDS: Readonly<Record<string, readonly [number, number]>> = {
  etchash: [5e6, 3e8],
  ethash: [5e6, 3e8],
  kawpow: [2e6, 1.5e8],
  autolykos2: [1e7, 8e8],
  octopus: [4e6, 2.5e8],
  nexapow: [5e6, 5e8],
  kheavyhash: [5e7, 3e9],
  blake3: [2e8, 1e10],
  karlsenhash: [1e8, 6e9],
  fishhash: [5e6, 2e8],
  xelishash: [3e3, 2e5],
  randomx: [200, 3000],
};

/** Board power a card's figure may name, W. */
export const GPU_POWER_BAND: readonly [number, number] = [20, 600];

const slug = z.string().refine(isSlug, { message: 'must be a lower-case slug (a-z, 0-9, single hyphens)' });
const httpsUrl = z.url({ protocol: /^https$/, message: 'must be an https URL' });
const isoDate = z.iso.date({ message: 'must be a date YYYY-MM-DD' });
const month = z.string().regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM');
const country = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 country code such as CN');

const algorithmFigure = z.strictObject({
  algorithm: z.string().refine((name) => REGISTRY_ALGORITHMS.includes(name), {
    message: `must be an algorithm of the coin registry (${REGISTRY_ALGORITHMS.join(', ')})`,
  }),
  /** H/s. */
  hashrate: z.number().positive().max(1e21),
  /** W at the wall (ASICs) or board/package power while mining (GPUs, CPUs). */
  power: z.number().positive().max(100_000),
  /** Where this figure was published: a figure without a source is refused. */
  source: httpsUrl,
  /** When it was taken from there. */
  as_of: isoDate,
});

/** Specifications a device's own `source` does not give, and the page that published them. */
export const SPEC_SOURCE_FIELDS = ['release', 'price_usd', 'memory_gb', 'memory_type'] as const;
const specSource = z.strictObject({
  fields: z.array(z.enum(SPEC_SOURCE_FIELDS)).min(1),
  source: httpsUrl,
  /** When they were taken from there. */
  as_of: isoDate,
});

const deviceBase = {
  slug,
  vendor: slug,
  name: z.string().min(2).max(80),
  algorithms: z
    .array(algorithmFigure)
    .min(1)
    .refine((list) => new Set(list.map((entry) => entry.algorithm)).size === list.length, {
      message: 'lists an algorithm twice',
    }),
  /** Launch price (MSRP) in USD where the manufacturer published one; null otherwise. */
  price_usd: z.number().positive().max(10_000_000).nullable(),
  release: month,
  /** Where the device's specifications (release, launch price, type specs) come from. */
  source: httpsUrl,
  /** When they were taken from the source. */
  as_of: isoDate,
  /** Values found elsewhere than `source`, each with its page (every figure has a public source, decision 010). */
  spec_sources: z.array(specSource).min(1).optional(),
};

const asicSchema = z.strictObject({ ...deviceBase, noise_db: z.number().min(0).max(140).nullable() });
/** A card's specs are null where its source does not publish them (decision 010): never estimated. */
const gpuSchema = z.strictObject({
  ...deviceBase,
  memory_gb: z.number().positive().max(1024).nullable(),
  memory_type: z.string().min(2).max(20).nullable(),
  base_clock_mhz: z.number().int().positive().max(10_000).nullable(),
  boost_clock_mhz: z.number().int().positive().max(10_000).nullable(),
});
const cpuSchema = z.strictObject({
  ...deviceBase,
  cores: z.number().int().positive().max(1024),
  threads: z.number().int().positive().max(4096),
  cache_mb: z.number().positive().max(8192),
  base_clock_ghz: z.number().positive().max(10),
  boost_clock_ghz: z.number().positive().max(10),
  socket: z.string().min(2).max(20),
  tdp_w: z.number().int().positive().max(2000),
});

const manufacturerSchema = z.strictObject({
  slug,
  name: z.string().min(2).max(60),
  country,
  website: httpsUrl,
});

export const STOCK_STATES = ['in_stock', 'preorder', 'out_of_stock'] as const;
export type StockState = (typeof STOCK_STATES)[number];

const sellerSchema = z.strictObject({ slug, name: z.string().min(2).max(80), country, website: httpsUrl });
const offerSchema = z.strictObject({
  /** `{type}/{vendor}/{slug}` of a catalogue device. */
  device: z.string().regex(/^(asic|gpu|cpu)\/[a-z0-9-]+\/[a-z0-9-]+$/, 'must be {type}/{vendor}/{slug}'),
  seller: slug,
  price_usd: z.number().positive().max(10_000_000),
  stock: z.enum(STOCK_STATES),
  /** The 'exclusive seller' badge. */
  exclusive: z.boolean(),
  as_of: isoDate,
});

export type AsicDevice = z.infer<typeof asicSchema> & { type: 'asic' };
export type GpuDevice = z.infer<typeof gpuSchema> & { type: 'gpu' };
export type CpuDevice = z.infer<typeof cpuSchema> & { type: 'cpu' };
export type Device = AsicDevice | GpuDevice | CpuDevice;
export type AlgorithmFigure = z.infer<typeof algorithmFigure>;
export type SpecSourceField = (typeof SPEC_SOURCE_FIELDS)[number];
export type Manufacturer = z.infer<typeof manufacturerSchema>;
export type Seller = z.infer<typeof sellerSchema>;
export type Offer = Omit<z.infer<typeof offerSchema>, 'device' | 'seller'> & { seller: Seller };

export interface HardwareCatalogue {
  devices: readonly Device[];
  manufacturers: readonly Manufacturer[];
  /** Offers per device key `{type}/{vendor}/{slug}`, cheapest first. */
  offers: ReadonlyMap<string, readonly Offer[]>;
}

/** The raw text of the five files, by file name. */
export interface HardwareFiles {
  'asic.json': string;
  'gpu.json': string;
  'cpu.json': string;
  'manufacturers.json': string;
  'sellers.json': string;
}

export const HARDWARE_FILES = ['asic.json', 'gpu.json', 'cpu.json', 'manufacturers.json', 'sellers.json'] as const;

export class HardwareCatalogueError extends Error {
  override name = 'HardwareCatalogueError';
}

type Problem = string;

function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
}

function readJson(text: string, file: string, problems: Problem[]): Record<string, unknown> | null {
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json === 'object' && json !== null && !Array.isArray(json)) return json as Record<string, unknown>;
    problems.push(`${file}: (root): must be a JSON object`);
  } catch (error) {
    problems.push(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return null;
}

/**
 * The entries of `json[key]` that pass `schema`, each checked on its own so that one bad entry
 * neither hides the problems of the others nor the checks that join the files.
 */
function parseList<T>(
  json: Record<string, unknown> | null,
  key: string,
  schema: z.ZodType<T>,
  file: string,
  problems: Problem[],
): Array<{ index: number; value: T }> {
  if (!json) return [];
  const list = json[key];
  if (!Array.isArray(list)) {
    problems.push(`${file}: ${key}: must be a list`);
    return [];
  }
  const valid: Array<{ index: number; value: T }> = [];
  list.forEach((entry, index) => {
    const result = schema.safeParse(entry);
    if (result.success) valid.push({ index, value: result.data });
    else
      for (const issue of result.error.issues) problems.push(`${file}: ${pathOf([key, index, ...issue.path])}: ${issue.message}`);
  });
  return valid;
}

function unknownKeys(json: Record<string, unknown> | null, allowed: readonly string[], file: string, problems: Problem[]) {
  for (const key of Object.keys(json ?? {})) {
    if (!allowed.includes(key)) problems.push(`${file}: ${key}: unknown field`);
  }
}

/**
 * Validates the five files and joins them; throws HardwareCatalogueError naming every bad
 * field (`{dir}/asic.json: devices[3].algorithms[0].hashrate: …`). Beyond each field it checks
 * what joins the files: vendors and sellers exist, no device key twice, offers name real devices.
 */
export function parseHardwareCatalogue(files: HardwareFiles, dir = 'content/hardware'): HardwareCatalogue {
  const problems: Problem[] = [];
  const at = (file: string) => `${dir}/${file}`;
  const makersJson = readJson(files['manufacturers.json'], at('manufacturers.json'), problems);
  unknownKeys(makersJson, ['manufacturers'], at('manufacturers.json'), problems);
  const manufacturers = parseList(makersJson, 'manufacturers', manufacturerSchema, at('manufacturers.json'), problems);
  const vendors = new Set<string>();
  for (const { index, value } of manufacturers) {
    if (vendors.has(value.slug))
      problems.push(`${at('manufacturers.json')}: manufacturers[${index}].slug: '${value.slug}' appears twice`);
    if ((DEVICE_TYPES as readonly string[]).includes(value.slug)) {
      problems.push(`${at('manufacturers.json')}: manufacturers[${index}].slug: '${value.slug}' is a device type`);
    }
    vendors.add(value.slug);
  }
  const schemas = { asic: asicSchema, gpu: gpuSchema, cpu: cpuSchema } as const;
  const devices: Device[] = [];
  const keys = new Set<string>();
  for (const type of DEVICE_TYPES) {
    const file = at(`${type}.json`);
    const json = readJson(files[`${type}.json`], file, problems);
    unknownKeys(json, ['devices'], file, problems);
    for (const { index, value } of parseList(json, 'devices', schemas[type] as z.ZodType<Omit<Device, 'type'>>, file, problems)) {
      const device = { ...value, type } as Device;
      if (!vendors.has(device.vendor))
        problems.push(`${file}: devices[${index}].vendor: '${device.vendor}' is not in manufacturers.json`);
      const key = deviceKey(device);
      if (keys.has(key)) problems.push(`${file}: devices[${index}].slug: '${key}' appears twice`);
      keys.add(key);
      devices.push(device);
    }
  }
  const sellersFile = at('sellers.json');
  const sellersJson = readJson(files['sellers.json'], sellersFile, problems);
  unknownKeys(sellersJson, ['note', 'sellers', 'offers'], sellersFile, problems);
  if (sellersJson && !(typeof sellersJson.note === 'string' && sellersJson.note.length >= 10)) {
    problems.push(`${sellersFile}: note: must say that sellers are operator content`);
  }
  const sellers = new Map(
    parseList(sellersJson, 'sellers', sellerSchema, sellersFile, problems).map(({ value }) => [value.slug, value]),
  );
  const offers = new Map<string, Offer[]>();
  for (const { index, value } of parseList(sellersJson, 'offers', offerSchema, sellersFile, problems)) {
    const seller = sellers.get(value.seller);
    if (!seller) problems.push(`${sellersFile}: offers[${index}].seller: '${value.seller}' is not in sellers`);
    if (!keys.has(value.device))
      problems.push(`${sellersFile}: offers[${index}].device: '${value.device}' is not in the catalogue`);
    if (!seller) continue;
    const offer: Offer = {
      price_usd: value.price_usd,
      stock: value.stock,
      exclusive: value.exclusive,
      as_of: value.as_of,
      seller,
    };
    offers.set(value.device, [...(offers.get(value.device) ?? []), offer]);
  }
  if (problems.length > 0) throw new HardwareCatalogueError(`the hardware catalogue is invalid:\n  ${problems.join('\n  ')}`);
  for (const list of offers.values()) list.sort((a, b) => a.price_usd - b.price_usd);
  return { devices, manufacturers: manufacturers.map(({ value }) => value), offers };
}
