/** What the hardware endpoints answer: one schema per payload, and a device as the API writes it. */
import { z } from 'zod';
import { STOCK_STATES, type Device, type Manufacturer } from '@openpool/domain/hardware';
import { DEVICE_TYPES } from '@openpool/domain/routes';

const figureSchema = z.object({
  algorithm: z.string(),
  hashrate: z.number().describe('H/s'),
  power: z.number().describe('W'),
  source: z.string().describe('where this figure was published'),
  as_of: z.string().describe('when it was taken from there, YYYY-MM-DD'),
});

export const deviceSchema = z.object({
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
    .describe(
      'by type: GPUs memory_gb, memory_type, clocks (each where its source publishes it); CPUs cores, threads, cache_mb, clocks, socket, tdp_w',
    ),
  source: z.string().describe("where the device's specifications come from"),
  as_of: z.string(),
  spec_sources: z
    .array(z.object({ fields: z.array(z.string()), source: z.string(), as_of: z.string() }))
    .describe(
      'specifications published elsewhere than `source` (release, price_usd, memory_gb, memory_type), each with its page',
    ),
});

export const profitSchema = z.object({
  coin: z.string(),
  scheme: z.string().describe('the scheme quoted (PPS+ where offered), whose fee is applied'),
  coins_per_day: z.string().describe('exact decimal coin units a day'),
  revenue: z.number().nullable().describe('a day, in the requested currency; null without a price'),
  electricity: z.number().describe('a day, in the requested currency'),
  profit: z.number().nullable(),
  payback_days: z.number().nullable().describe('null: never at these figures, or no price known'),
  break_even_power_cost: z.number().nullable(),
  merged: z
    .array(z.object({ coin: z.string(), coins_per_day: z.string(), revenue: z.number().nullable() }))
    .describe(
      'coins the same hashes merge-mine, paid on top at no extra power: included in revenue, profit, payback and break-even',
    ),
});
export type ProfitOut = z.infer<typeof profitSchema>;

export const vendorSchema = z.object({ slug: z.string(), name: z.string(), country: z.string(), website: z.string() });

export const listSchema = z.object({
  results: z.array(deviceSchema.extend({ best: profitSchema.nullable().describe('the most profitable coin') })),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const deviceDetailSchema = deviceSchema.extend({
  vendor_info: vendorSchema,
  sellers: z.array(
    z.object({
      name: z.string(),
      country: z.string(),
      website: z.string(),
      price_usd: z.number(),
      stock: z.enum(STOCK_STATES),
      exclusive: z.boolean(),
      as_of: z.string(),
    }),
  ),
  currency: z.string(),
  power_cost: z.number(),
  profitability: z.array(profitSchema),
});

export function deviceOut(device: Device): z.infer<typeof deviceSchema> {
  const specs: Record<string, number | string> = {};
  if (device.type === 'gpu') {
    // A spec the card's source does not publish is null in the catalogue and absent here.
    const gpu = {
      memory_gb: device.memory_gb,
      memory_type: device.memory_type,
      base_clock_mhz: device.base_clock_mhz,
      boost_clock_mhz: device.boost_clock_mhz,
    };
    for (const [name, value] of Object.entries(gpu)) if (value !== null) specs[name] = value;
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
    algorithms: device.algorithms.map(({ algorithm, hashrate, power, source, as_of }) => ({
      algorithm,
      hashrate,
      power,
      source,
      as_of,
    })),
    noise_db: device.type === 'asic' ? device.noise_db : null,
    price_usd: device.price_usd,
    release: device.release,
    specs,
    source: device.source,
    as_of: device.as_of,
    spec_sources: (device.spec_sources ?? []).map(({ fields, source, as_of }) => ({ fields: [...fields], source, as_of })),
  };
}

export function vendorOut(maker: Manufacturer): z.infer<typeof vendorSchema> {
  return { slug: maker.slug, name: maker.name, country: maker.country, website: maker.website };
}
