// Which of minerstat's cards (../shared/data/gpu-figures-minerstat.json) are which catalogue
// cards, and the cards it adds: the mapping scripts/import-gpu-figures.mjs merges by.

/**
 * minerstat card -> catalogue card. minerstat lists many cards twice ('GeForce RTX 3080' with
 * round, tuned figures and 'RTX 3080' with averages that hold outliers such as NexaPoW at
 * 0.9 MH/s or 0 W): the first kind is named here, the second only for cards it alone lists.
 * Left out: LHR and 'Full Unlock' variants, laptop and OEM-only cards, the mining-only CMP and
 * P10x lines and data-centre cards, which the source lists without a release month.
 */
export const EXISTING = {
  'nvidia-geforce-rtx-2070-super': 'geforce-rtx-2070-super',
  'nvidia-geforce-rtx-2080': 'geforce-rtx-2080',
  'nvidia-geforce-rtx-2080-super': 'geforce-rtx-2080-super',
  'nvidia-geforce-rtx-2080-ti': 'geforce-rtx-2080-ti',
  'nvidia-geforce-rtx-3050': 'geforce-rtx-3050',
  'nvidia-geforce-rtx-3060': 'geforce-rtx-3060',
  'nvidia-geforce-rtx-3060-ti': 'geforce-rtx-3060-ti',
  'nvidia-geforce-rtx-3070': 'geforce-rtx-3070',
  'nvidia-geforce-rtx-3070-ti': 'geforce-rtx-3070-ti',
  'nvidia-geforce-rtx-3080': 'geforce-rtx-3080',
  'nvidia-geforce-rtx-3080-ti': 'geforce-rtx-3080-ti',
  'nvidia-geforce-rtx-3090': 'geforce-rtx-3090',
  'nvidia-geforce-rtx-3090-ti': 'geforce-rtx-3090-ti',
  'nvidia-geforce-rtx-4060': 'geforce-rtx-4060',
  'nvidia-geforce-rtx-4060-ti': 'geforce-rtx-4060-ti',
  'nvidia-geforce-rtx-4070': 'geforce-rtx-4070',
  'nvidia-geforce-rtx-4070-ti': 'geforce-rtx-4070-ti',
  'nvidia-geforce-rtx-4080': 'geforce-rtx-4080',
  'nvidia-geforce-rtx-4090': 'geforce-rtx-4090',
  'nvidia-rtx-2060': 'geforce-rtx-2060',
  'nvidia-rtx-2060-super': 'geforce-rtx-2060-super',
  'nvidia-rtx-2070': 'geforce-rtx-2070',
  'nvidia-gtx-1070': 'geforce-gtx-1070',
  'nvidia-gtx-1070ti': 'geforce-gtx-1070-ti',
  'nvidia-gtx-1080': 'geforce-gtx-1080',
  'nvidia-gtx-1080ti': 'geforce-gtx-1080-ti',
  'nvidia-gtx-1660': 'geforce-gtx-1660',
  'nvidia-gtx-1660-super': 'geforce-gtx-1660-super',
  'nvidia-gtx-1660ti': 'geforce-gtx-1660-ti',
  'amd-radeon-rx-5500-xt-8gb': 'radeon-rx-5500-xt-8-gb',
  'amd-radeon-rx-5600-xt': 'radeon-rx-5600-xt',
  'amd-radeon-rx-5700': 'radeon-rx-5700',
  'amd-radeon-rx-5700-xt': 'radeon-rx-5700-xt',
  'amd-radeon-rx-6600': 'radeon-rx-6600',
  'amd-radeon-rx-6600-xt': 'radeon-rx-6600-xt',
  'amd-radeon-rx-6650-xt': 'radeon-rx-6650-xt',
  'amd-radeon-rx-6700-xt': 'radeon-rx-6700-xt',
  'amd-radeon-rx-6750-xt': 'radeon-rx-6750-xt',
  'amd-radeon-rx-6800': 'radeon-rx-6800',
  'amd-radeon-rx-6800-xt': 'radeon-rx-6800-xt',
  'amd-radeon-rx-6900-xt': 'radeon-rx-6900-xt',
  'amd-radeon-rx-6950-xt': 'radeon-rx-6950-xt',
  'amd-radeon-rx-7900-xt': 'radeon-rx-7900-xt',
  'amd-radeon-rx-7900-xtx': 'radeon-rx-7900-xtx',
  'amd-radeon-rx-vega-56': 'radeon-rx-vega-56',
  'amd-radeon-rx-vega-64': 'radeon-rx-vega-64',
  'amd-radeon-vii': 'radeon-vii',
  'amd-rx-480': 'radeon-rx-480-8-gb',
  'amd-rx-570': 'radeon-rx-570-8-gb',
  'amd-rx-580': 'radeon-rx-580-8-gb',
  'amd-rx-590': 'radeon-rx-590',
};

/**
 * Cards the catalogue did not have. Specs come from minerstat's card page where it lists them;
 * `known` fills, for cards it lists without specs, the launch month, memory and launch price
 * (MSRP) the manufacturer announced. A price is given only where one MSRP was announced for
 * that card (not for the RTX 5060 Ti, announced at two memory sizes, or workstation cards).
 */
export const NEW = {
  'nvidia-geforce-rtx-3080-12gb': {
    slug: 'geforce-rtx-3080-12-gb',
    name: 'GeForce RTX 3080 12 GB',
    known: { release: '2022-01', memory_gb: 12, memory_type: 'GDDR6X' },
  },
  'nvidia-geforce-rtx-4070-super': {
    slug: 'geforce-rtx-4070-super',
    name: 'GeForce RTX 4070 Super',
    known: { release: '2024-01', memory_gb: 12, memory_type: 'GDDR6X', price_usd: 599 },
  },
  'nvidia-geforce-rtx-4070-ti-super': {
    slug: 'geforce-rtx-4070-ti-super',
    name: 'GeForce RTX 4070 Ti Super',
    known: { release: '2024-01', memory_gb: 16, memory_type: 'GDDR6X', price_usd: 799 },
  },
  'nvidia-geforce-rtx-4080-super': {
    slug: 'geforce-rtx-4080-super',
    name: 'GeForce RTX 4080 Super',
    known: { release: '2024-01', memory_gb: 16, memory_type: 'GDDR6X', price_usd: 999 },
  },
  'nvidia-geforce-rtx-5060': {
    slug: 'geforce-rtx-5060',
    name: 'GeForce RTX 5060',
    known: { release: '2025-05', memory_gb: 8, memory_type: 'GDDR7', price_usd: 299 },
  },
  'nvidia-geforce-rtx-5060-ti': {
    slug: 'geforce-rtx-5060-ti',
    name: 'GeForce RTX 5060 Ti',
    known: { release: '2025-04', memory_type: 'GDDR7' },
  },
  'nvidia-geforce-rtx-5070': {
    slug: 'geforce-rtx-5070',
    name: 'GeForce RTX 5070',
    known: { release: '2025-03', memory_gb: 12, memory_type: 'GDDR7', price_usd: 549 },
  },
  'nvidia-geforce-rtx-5070-ti': {
    slug: 'geforce-rtx-5070-ti',
    name: 'GeForce RTX 5070 Ti',
    known: { release: '2025-02', memory_gb: 16, memory_type: 'GDDR7', price_usd: 749 },
  },
  'nvidia-geforce-rtx-5080': {
    slug: 'geforce-rtx-5080',
    name: 'GeForce RTX 5080',
    known: { release: '2025-01', memory_gb: 16, memory_type: 'GDDR7', price_usd: 999 },
  },
  'nvidia-geforce-rtx-5090': {
    slug: 'geforce-rtx-5090',
    name: 'GeForce RTX 5090',
    known: { release: '2025-01', memory_gb: 32, memory_type: 'GDDR7', price_usd: 1999 },
  },
  'nvidia-gtx-1050ti': {
    slug: 'geforce-gtx-1050-ti',
    name: 'GeForce GTX 1050 Ti',
    known: { release: '2016-10', price_usd: 139 },
  },
  'nvidia-gtx-1060': {
    slug: 'geforce-gtx-1060-6-gb',
    name: 'GeForce GTX 1060 6 GB',
    known: { release: '2016-07', memory_type: 'GDDR5', price_usd: 249 },
  },
  'nvidia-gtx-1650': { slug: 'geforce-gtx-1650', name: 'GeForce GTX 1650', known: { release: '2019-04', price_usd: 149 } },
  'nvidia-gtx-1650-super': {
    slug: 'geforce-gtx-1650-super',
    name: 'GeForce GTX 1650 Super',
    known: { release: '2019-11', price_usd: 159 },
  },
  'nvidia-rtx-a2000-6gb': { slug: 'rtx-a2000-6-gb', name: 'RTX A2000 6 GB', known: {} },
  'nvidia-rtx-a4000': { slug: 'rtx-a4000', name: 'RTX A4000', known: {} },
  'nvidia-rtx-a5000': { slug: 'rtx-a5000', name: 'RTX A5000', known: {} },
  'nvidia-rtx-a6000': { slug: 'rtx-a6000', name: 'RTX A6000', known: {} },
  'amd-radeon-rx-7800-xt': { slug: 'radeon-rx-7800-xt', name: 'Radeon RX 7800 XT', known: { price_usd: 499 } },
  'amd-radeon-r9-380-4gb': { slug: 'radeon-r9-380-4-gb', name: 'Radeon R9 380 4 GB', known: {} },
  'amd-radeon-r9-fury': { slug: 'radeon-r9-fury', name: 'Radeon R9 Fury', known: { price_usd: 549 } },
  'amd-rx-470': { slug: 'radeon-rx-470-8-gb', name: 'Radeon RX 470 8 GB', known: { release: '2016-08' } },
  'amd-rx-550': { slug: 'radeon-rx-550-4-gb', name: 'Radeon RX 550 4 GB', known: {} },
  'amd-rx-560': { slug: 'radeon-rx-560-4-gb', name: 'Radeon RX 560 4 GB', known: {} },
  'amd-rx-6400': { slug: 'radeon-rx-6400', name: 'Radeon RX 6400', known: { price_usd: 159 } },
  'amd-rx-6500-xt': { slug: 'radeon-rx-6500-xt', name: 'Radeon RX 6500 XT', known: { price_usd: 199 } },
  'amd-vega-frontier-edition': {
    slug: 'radeon-vega-frontier-edition',
    name: 'Radeon Vega Frontier Edition',
    known: { price_usd: 999 },
  },
};
