/**
 * The hardware catalogue over HTTP (decision 010): lists by type with the site's filters, one
 * device with its sellers and profitability per coin, and a manufacturer. Profit, the best coin
 * and the sort are the domain's (`@openpool/domain/hardware-profit`), the same the site ranks
 * its lists with; coins a day come from `profits.ts`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '@openpool/domain/api';
import { isCoinTicker } from '@openpool/domain/coins';
import { deviceKey, REGISTRY_ALGORITHMS, type HardwareCatalogue } from '@openpool/domain/hardware';
import { deviceProfits, effectivePriceUsd, rankDevice, sortDevices } from '@openpool/domain/hardware-profit';
import { DEFAULT_POWER_COST_USD, MAX_POWER_COST_USD } from '@openpool/domain/power-cost';
import { matchesFilters, SORT_KEYS } from '@openpool/domain/hardware-query';
import { isDeviceType } from '@openpool/domain/routes';
import type { ApiContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { plainNumberQuery } from '../http/params.ts';
import { coinsPerDay, createProfitSource, mergedCoinsPerDay, profitOut, type Rates } from './profits.ts';
import { deviceDetailSchema, deviceOut, deviceSchema, listSchema, vendorOut, vendorSchema } from './schemas.ts';
import { API_ROUTES } from '@openpool/domain/paths';

const errors = { 400: errorSchema, 404: errorSchema, 503: errorSchema };

const moneyQuery = {
  // Bounded by the domain's one rule once the currency is known (profits.ts): 10 USD worth per kWh.
  power_cost: plainNumberQuery({ max: 1e9 })
    .optional()
    .describe(
      `electricity per kWh in \`currency\`, at most ${MAX_POWER_COST_USD} USD worth; ${DEFAULT_POWER_COST_USD} USD converted to \`currency\` at the day's rate when absent`,
    ),
  currency: z.string().max(8).optional().describe('a fiat code of /api/v1/rates; USD when absent'),
};

export interface HardwareDeps {
  catalogue: HardwareCatalogue;
  rates: Rates;
}

export function registerHardwareRoutes(app: FastifyInstance, ctx: ApiContext, deps: HardwareDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { catalogue } = deps;
  const makers = new Map(catalogue.manufacturers.map((maker) => [maker.slug, maker]));
  const source = createProfitSource(ctx, deps.rates);
  const priceOf = (device: (typeof catalogue.devices)[number]) =>
    effectivePriceUsd(device, catalogue.offers.get(deviceKey(device)));

  routes.get(
    API_ROUTES.hardwareList,
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
          sort: z
            .enum(SORT_KEYS)
            .default('profit')
            .describe('`price` ranks by the price payback uses: the cheapest offer in stock, else the launch price'),
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
      const money = await source.money(query);
      const coins = await source.coins(money.prices);
      const filters = {
        algorithm: query.algorithm ?? null,
        coin,
        vendor: query.vendor ?? null,
        noise: query.noise ?? null,
        q: query.q?.trim() ?? '',
      };
      const rows = catalogue.devices
        .filter((device) => device.type === type && matchesFilters(device, filters, makers.get(device.vendor)?.name ?? ''))
        .map((device) =>
          rankDevice(
            device,
            coins,
            filters,
            { powerCost: money.powerCost, perUsd: money.perUsd, devicePriceUsd: priceOf(device) },
            coinsPerDay,
            mergedCoinsPerDay,
          ),
        );
      sortDevices(rows, query.sort);
      const start = (query.page - 1) * query.page_size;
      return {
        results: rows
          .slice(start, start + query.page_size)
          .map((row) => ({ ...deviceOut(row.device), best: row.best ? profitOut(row.best) : null })),
        total: rows.length,
        page: query.page,
        page_size: query.page_size,
      };
    },
  );

  routes.get(
    API_ROUTES.hardwareVendor,
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

  routes.get(
    API_ROUTES.hardwareDevice,
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
      const money = await source.money(request.query);
      const coins = await source.coins(money.prices);
      const offers = catalogue.offers.get(deviceKey(device)) ?? [];
      const profits = deviceProfits(
        device.algorithms,
        coins,
        { powerCost: money.powerCost, perUsd: money.perUsd, devicePriceUsd: priceOf(device) },
        coinsPerDay,
        mergedCoinsPerDay,
      );
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
        currency: money.currency,
        power_cost: money.powerCost,
        profitability: profits.map(profitOut),
      };
    },
  );
}
