/**
 * The hardware catalogue over HTTP (issue 12, item 3): lists by type with the site's filters,
 * one device with its sellers and profitability per coin, and a manufacturer. Profitability
 * uses the one formula (`dailyRewardUnits`, packages/domain) on the latest network sample of
 * each enabled coin of the device's algorithms, at the quoted scheme's fee.
 * Over 300 lines: the three endpoints share one response schema, one row builder and one sort,
 * which belong together more than apart.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@openpool/domain/api';
import { COINS, isCoinTicker, type CoinTicker } from '@openpool/domain/coins';
import {
  deviceKey,
  REGISTRY_ALGORITHMS,
  type Device,
  type HardwareCatalogue,
  type Manufacturer,
} from '@openpool/domain/hardware';
import { matchesFilters, SORT_KEYS, type SortKey } from '@openpool/domain/hardware-query';
import { fromUnits } from '@openpool/domain/pool-config';
import { dailyRewardUnits, profitability, revenueScheme } from '@openpool/domain/profitability';
import { DEVICE_TYPES, isDeviceType } from '@openpool/domain/routes';
import type { RewardScheme } from '@openpool/domain/address';
import { createMemo } from '../http/caching.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { plainNumberQuery } from '../http/params.ts';
import type { ApiContext } from '../context.ts';
import { latestNetworkSamples } from '../stats/network-sample.ts';

const DEFAULT_POWER_COST = 0.04;

const figureSchema = z.object({
  algorithm: z.string(),
  hashrate: z.number().describe('H/s'),
  power: z.number().describe('W'),
});

const deviceSchema = z.object({
  type: z.enum(DEVICE_TYPES),
  vendor: z.string(),
  slug: z.string(),
  name: z.string(),
  algorithms: z.array(figureSchema),
  noise_db: z.number().nullable().describe('ASICs; null for other types or when not published'),
  price_usd: z.number().nullable().describe('launch price (MSRP) where published'),
  release: z.string().describe('YYYY-MM'),
  specs: z
    .record(z.string(), z.union([z.number(), z.string()]))
    .describe('by type: GPUs memory_gb, memory_type, clocks; CPUs cores, threads, cache_mb, clocks, socket, tdp_w'),
  source: z.string(),
  as_of: z.string(),
});

const profitSchema = z.object({
  coin: z.string(),
  scheme: z.string().describe('the scheme quoted (PPS+ where offered), whose fee is applied'),
  coins_per_day: z.string().describe('exact decimal coin units a day'),
  revenue: z.number().nullable().describe('a day, in the requested currency; null without a price'),
  electricity: z.number().describe('a day, in the requested currency'),
  profit: z.number().nullable(),
  payback_days: z.number().nullable().describe('null: never at these figures, or no price known'),
  break_even_power_cost: z.number().nullable(),
});

const vendorSchema = z.object({ slug: z.string(), name: z.string(), country: z.string(), website: z.string() });

const listSchema = z.object({
  results: z.array(deviceSchema.extend({ best: profitSchema.nullable().describe('the most profitable coin') })),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

const deviceDetailSchema = deviceSchema.extend({
  vendor_info: vendorSchema,
  sellers: z.array(
    z.object({
      name: z.string(),
      country: z.string(),
      website: z.string(),
      price_usd: z.number(),
      stock: z.enum(['in_stock', 'preorder', 'out_of_stock']),
      exclusive: z.boolean(),
      as_of: z.string(),
    }),
  ),
  currency: z.string(),
  power_cost: z.number(),
  profitability: z.array(profitSchema),
});

const errors = { 400: errorSchema, 404: errorSchema, 503: errorSchema };

const moneyQuery = {
  power_cost: plainNumberQuery({ max: 10 }).optional().describe('electricity per kWh in `currency`; 0.04 when absent'),
  currency: z.string().max(8).optional().describe('a fiat code of /api/v1/rates; USD when absent'),
};

function deviceOut(device: Device): z.infer<typeof deviceSchema> {
  const specs: Record<string, number | string> = {};
  if (device.type === 'gpu') {
    Object.assign(specs, {
      memory_gb: device.memory_gb,
      memory_type: device.memory_type,
      base_clock_mhz: device.base_clock_mhz,
      boost_clock_mhz: device.boost_clock_mhz,
    });
  }
  if (device.type === 'cpu') {
    Object.assign(specs, {
      cores: device.cores,
      threads: device.threads,
      cache_mb: device.cache_mb,
      base_clock_ghz: device.base_clock_ghz,
      boost_clock_ghz: device.boost_clock_ghz,
      socket: device.socket,
      tdp_w: device.tdp_w,
    });
  }
  return {
    type: device.type,
    vendor: device.vendor,
    slug: device.slug,
    name: device.name,
    algorithms: device.algorithms.map(({ algorithm, hashrate, power }) => ({ algorithm, hashrate, power })),
    noise_db: device.type === 'asic' ? device.noise_db : null,
    price_usd: device.price_usd,
    release: device.release,
    specs,
    source: device.source,
    as_of: device.as_of,
  };
}

interface Network {
  difficulty: number;
  reward: bigint;
}

export interface HardwareDeps {
  catalogue: HardwareCatalogue;
  rates: () => Promise<{ fiat: Record<string, number>; crypto: Record<string, number> }>;
}

export function registerHardwareRoutes(app: FastifyInstance, ctx: ApiContext, deps: HardwareDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const memo = createMemo(ctx.memoMs ?? 1000);
  const { catalogue } = deps;
  const makers = new Map(catalogue.manufacturers.map((maker) => [maker.slug, maker]));

  /** The latest network sample of every enabled coin, once a second at most. */
  const networks = () =>
    memo('hardware-networks', async () => {
      const samples = await latestNetworkSamples(ctx.db, ctx.site.enabled);
      return new Map<string, Network>(
        [...samples].map(([coin, sample]) => [coin, { difficulty: sample.difficulty, reward: BigInt(sample.reward) }]),
      );
    });

  /** Money context of a request: the currency's rate per USD and the coins' USD prices; 400 on an unknown currency. */
  async function money(query: { power_cost?: number; currency?: string }) {
    const rates = await deps.rates();
    const currency = (query.currency ?? 'USD').toUpperCase();
    const perUsd = rates.fiat[currency];
    if (perUsd === undefined || !(perUsd > 0)) throw badRequest(`currency: unknown currency '${currency}' (see /api/v1/rates)`);
    return { currency, perUsd, powerCost: query.power_cost ?? DEFAULT_POWER_COST, prices: rates.crypto };
  }

  function profits(
    device: Device,
    nets: ReadonlyMap<string, Network>,
    m: Awaited<ReturnType<typeof money>>,
    coinFilter: string | null,
  ): z.infer<typeof profitSchema>[] {
    const offers = catalogue.offers.get(deviceKey(device)) ?? [];
    const priceUsd = offers.find((offer) => offer.stock === 'in_stock')?.price_usd ?? device.price_usd;
    const rows: z.infer<typeof profitSchema>[] = [];
    for (const coin of ctx.site.enabled) {
      if (coinFilter && coin !== coinFilter) continue;
      const figure = device.algorithms.find((entry) => entry.algorithm === COINS[coin].algorithm);
      const net = nets.get(coin);
      const config = ctx.pool.coins.get(coin);
      if (!figure || !net || !config) continue;
      const scheme = revenueScheme(config.schemes) as RewardScheme;
      const units = dailyRewardUnits({
        hashrate: figure.hashrate,
        algorithm: figure.algorithm,
        networkDifficulty: net.difficulty,
        blockReward: net.reward,
        feePpm: config.feePpm[scheme] ?? 0,
      });
      const coins = fromUnits(units, config.unitDecimals);
      const price = m.prices[coin.toUpperCase()];
      const result = profitability({
        coinsPerDay: Number(coins),
        price: price !== undefined && price > 0 ? price * m.perUsd : null,
        powerW: figure.power,
        powerCost: m.powerCost,
        devicePrice: priceUsd === null ? null : priceUsd * m.perUsd,
      });
      rows.push({
        coin,
        scheme,
        coins_per_day: coins,
        revenue: result.revenue,
        electricity: result.electricity,
        profit: result.profit,
        payback_days: result.paybackDays,
        break_even_power_cost: result.breakEvenPowerCost,
      });
    }
    return rows.sort((a, b) => (b.profit ?? -Infinity) - (a.profit ?? -Infinity));
  }

  r.get(
    '/api/v1/hardware/:type',
    {
      schema: {
        tags: ['hardware'],
        summary: 'Devices of a type (asic, gpu, cpu), filtered, sorted and paged, each with its most profitable coin',
        params: z.object({ type: z.string().max(16) }),
        querystring: z.object({
          algorithm: z.enum(REGISTRY_ALGORITHMS as [string, ...string[]]).optional(),
          coin: z.string().max(16).optional(),
          vendor: z.string().max(60).optional(),
          noise: plainNumberQuery({ max: 140 }).optional().describe('maximum noise, dB (ASICs)'),
          q: z.string().max(80).optional().describe('words of the name or manufacturer'),
          sort: z.enum(SORT_KEYS).default('profit'),
          ...moneyQuery,
          page: plainNumberQuery({ min: 1, max: 10_000, integer: true }).default(1),
          page_size: plainNumberQuery({ min: 1, max: 100, integer: true }).default(25),
        }),
        response: { 200: listSchema, ...errors },
      },
      config: { cache: 'pool' },
    },
    async (request) => {
      const { type } = request.params;
      if (!isDeviceType(type)) throw notFound(`Unknown device type '${type}': asic, gpu or cpu`);
      const query = request.query;
      const coin = query.coin?.toLowerCase() ?? null;
      if (coin !== null && !(isCoinTicker(coin) && ctx.site.enabled.includes(coin)))
        throw badRequest(`coin: '${query.coin}' is not a coin of this pool`);
      if (query.vendor !== undefined && !makers.has(query.vendor))
        throw badRequest(`vendor: unknown manufacturer '${query.vendor}'`);
      const m = await money(query);
      const nets = await networks();
      const filters = {
        algorithm: query.algorithm ?? null,
        coin,
        vendor: query.vendor ?? null,
        noise: query.noise ?? null,
        q: query.q?.trim() ?? '',
      };
      const rows = catalogue.devices
        .filter((device) => device.type === type && matchesFilters(device, filters, makers.get(device.vendor)?.name ?? ''))
        .map((device) => ({ device, best: profits(device, nets, m, coin)[0] ?? null }));
      sortRows(rows, query.sort, filters.algorithm ?? (coin ? COINS[coin as CoinTicker].algorithm : null));
      const start = (query.page - 1) * query.page_size;
      return {
        results: rows.slice(start, start + query.page_size).map((row) => ({ ...deviceOut(row.device), best: row.best })),
        total: rows.length,
        page: query.page,
        page_size: query.page_size,
      };
    },
  );

  r.get(
    '/api/v1/hardware/vendors/:vendor',
    {
      schema: {
        tags: ['hardware'],
        summary: 'A manufacturer: country, website and its devices, newest first',
        params: z.object({ vendor: z.string().max(60) }),
        response: { 200: z.object({ vendor: vendorSchema, devices: z.array(deviceSchema) }), ...errors },
      },
      config: { cache: 'docs' },
    },
    async (request) => {
      const maker = makers.get(request.params.vendor);
      if (!maker) throw notFound(`Unknown manufacturer '${request.params.vendor}'`);
      const devices = catalogue.devices
        .filter((device) => device.vendor === maker.slug)
        .sort((a, b) => b.release.localeCompare(a.release) || a.name.localeCompare(b.name));
      return { vendor: vendorOut(maker), devices: devices.map(deviceOut) };
    },
  );

  r.get(
    '/api/v1/hardware/:type/:vendor/:slug',
    {
      schema: {
        tags: ['hardware'],
        summary: 'One device: specs, sellers and profitability per coin at a power cost and currency',
        params: z.object({ type: z.string().max(16), vendor: z.string().max(60), slug: z.string().max(120) }),
        querystring: z.object(moneyQuery),
        response: { 200: deviceDetailSchema, ...errors },
      },
      config: { cache: 'pool' },
    },
    async (request) => {
      const { type, vendor, slug } = request.params;
      const device = catalogue.devices.find((entry) => entry.type === type && entry.vendor === vendor && entry.slug === slug);
      const maker = makers.get(vendor);
      if (!device || !maker) throw notFound(`Unknown device '${type}/${vendor}/${slug}'`);
      const m = await money(request.query);
      const offers = catalogue.offers.get(deviceKey(device)) ?? [];
      return {
        ...deviceOut(device),
        vendor_info: vendorOut(maker),
        sellers: offers.map((offer) => ({
          name: offer.seller.name,
          country: offer.seller.country,
          website: offer.seller.website,
          price_usd: offer.price_usd,
          stock: offer.stock,
          exclusive: offer.exclusive,
          as_of: offer.as_of,
        })),
        currency: m.currency,
        power_cost: m.powerCost,
        profitability: profits(device, await networks(), m, null),
      };
    },
  );
}

function vendorOut(maker: Manufacturer) {
  return { slug: maker.slug, name: maker.name, country: maker.country, website: maker.website };
}

type Row = { device: Device; best: z.infer<typeof profitSchema> | null };

/** Best first for each key, as the site's lists sort; missing figures last. */
function sortRows(rows: Row[], sort: SortKey, algorithm: string | null): void {
  const figure = (row: Row) =>
    row.device.algorithms.find(
      (entry) => entry.algorithm === (algorithm ?? (row.best ? COINS[row.best.coin as CoinTicker].algorithm : null)),
    ) ?? row.device.algorithms[0]!;
  const price = (row: Row) => row.device.price_usd;
  const key: Record<SortKey, (row: Row) => number | null> = {
    profit: (row) => (row.best?.profit == null ? null : -row.best.profit),
    revenue: (row) => (row.best?.revenue == null ? null : -row.best.revenue),
    hashrate: (row) => -figure(row).hashrate,
    efficiency: (row) => figure(row).power / figure(row).hashrate,
    price,
    payback: (row) => row.best?.payback_days ?? null,
    release: (row) => -Number(row.device.release.replace('-', '')),
  };
  const by = key[sort];
  rows.sort((a, b) => {
    const x = by(a);
    const y = by(b);
    if (x === null || y === null) return x === y ? a.device.name.localeCompare(b.device.name) : x === null ? 1 : -1;
    return x - y || a.device.name.localeCompare(b.device.name);
  });
}
