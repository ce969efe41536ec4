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
 * Where a value of `known` was published (decision 010: every figure has a public source). Each
 * is a page found through the search tool's stored copies on 2026-11-26 (`as_of`); the comment
 * gives the page's own date where it shows one. A value no page here confirmed is left out (the
 * field is null, the page shows a dash and, for the price, asks the visitor for theirs).
 */
const TAKEN = '2026-11-26';
const cite = (source) => ({ source, as_of: TAKEN });
const SOURCES = {
  // 2022-01, "oficjalna premiera": 12 GB GDDR6X, launched without a suggested price.
  rtx3080x12: cite(
    'https://www.purepc.pl/nvidia-geforce-rtx-3080-12-gb-oficjalna-premiera-high-endowej-karty-graficznej-jeszcze-wiecej-pamieci-vram-dla-gornikow',
  ),
  // 2024-01-16: available from January 17.
  tpu4070sFe: cite('https://www.techpowerup.com/review/nvidia-geforce-rtx-4070-super-founders-edition/single-page.html'),
  // 2024-01: the RTX 4070 SUPER takes the RTX 4070's $599 price point.
  tpu4070sGainward: cite('https://techpowerup.com/review/gainward-geforce-rtx-4070-super-ghost/single-page.html'),
  // 2024-01: the RTX 4070 Ti SUPER replaces the RTX 4070 Ti "at its original $800 price", on sale the next week.
  tpu4070sAsus: cite('https://www.techpowerup.com/review/asus-geforce-rtx-4070-super-dual/single-page.html'),
  // 2024-01, after the CES announcement: 4070 Ti SUPER on January 24, 4080 SUPER on January 31.
  superDates: cite('https://game-scanner.co.uk/articles/rumors-confirmed-nvidia-rtx-40-super-drops-this-month'),
  // 2024-04-01, review: 16 GB on a 256-bit bus.
  gamezoom4070tis: cite('https://gamezoom.net/artikel/KFA2_GeForce_RTX_4070_Ti_SUPER_EX_Gamer_Test_Review_Video_-54580-1'),
  // 2024: RTX 4080 Super keeps the 4080's 16 GB GDDR6X and retails at $999.
  hwtimes4080s: cite('https://hardwaretimes.com/nvidia-rtx-4080-vs-4080-super-vs-4090/'),
  // 2025-01, CES: RTX 5090 $1,999, 5080 $999, 5070 Ti $749, 5070 $549; 5090 and 5080 on January 30, the Ti in February.
  rtx50Prices: cite('https://technologistmag.com/nvidia-rtx-50-series-gpus-everything-we-know-so-far/amp'),
  // 2025-01-07: 5090 32 GB GDDR7, 5080 16 GB, 5070 Ti 16 GB, 5070 12 GB GDDR7.
  rtx50Memory: cite('https://techbriefly.com/2025/01/07/nvidia-launches-rtx-50-series-graphics-cards-at-ces-2025'),
  // 2025-03-04, review: "the NVIDIA GeForce RTX 5070 GPU is here".
  tweaktown5070: cite(
    'https://www.tweaktown.com/reviews/10997/nvidia-geforce-rtx-5070-founders-edition-dlss-4-is-still-game-changer-in-1440p/index.html',
  ),
  // 2025-04-15: RTX 5060 Ti on sale April 16 (8 GB $379, 16 GB $429, GDDR7).
  rtx5060ti: cite(
    'https://www.betweentwopixels.com/nvidia-unveils-geforce-rtx-5060-series-affordable-power-for-mainstream-gamers',
  ),
  // 2025-05: RTX 5060 on sale May 19 (Nvidia's blog), 8 GB GDDR7, $299.
  rtx5060: cite('https://digitalmarketreports.com/news/38327/nvidias-geforce-rtx-5060-its-most-affordable-card-launches-may-19/'),
  // 2016-10: GTX 1050 and 1050 Ti on sale from October 25.
  gtx1050Date: cite('https://plusrew.com/nvidia-introduce-la-nuova-gtx-1050'),
  // 2016-10: GTX 1050 $109, GTX 1050 Ti $139.
  gtx1050Price: cite('https://www.arturogoga.com/nvidia-gefore-gtx-1050-una-poderosa-tarjeta-de-video-por-109/'),
  // 2016-07-07: GTX 1060 with 6 GB GDDR5, $249 for partner boards, on July 19.
  gtx1060: cite('https://www.hardcoregamer.com/2016/07/07/nvidia-unveils-the-gtx-1060/215956/'),
  // 2019-04: review, launch price $149.
  gtx1650Price: cite('https://pcgamer.com/au/nvidia-geforce-gtx-1650-review'),
  // 2019-04-24: GTX 1650 launched.
  gtx1650Date: cite('https://www.3djuegos.com/juegos/nvidia/noticias/nvidia-lanza-la-nueva-gtx-1650-190424-92173'),
  // 2019: GTX 1650 SUPER due on November 22, 2019.
  gtx1650sDate: cite(
    'https://www.frandroid.com/marques/nvidia/636214_geforce-gtx-1650-et-1660-super-le-meilleur-de-nvidia-a-petit-prix',
  ),
  // 2020: "launched at an MSRP of $160".
  gtx1650sPrice: cite('https://techpowerup.com/review/gigabyte-geforce-gtx-1650-super-windforce-oc'),
  // 2023-09-06: "AMD has launched the Radeon RX 7800 XT for $499".
  rx7800xt: cite('https://www.thefpsreview.com/2023/09/06/amd-radeon-rx-7800-xt-video-card-review/6/'),
  // 2016-08-04: the RX 470 is available from August 4th.
  rx470: cite('https://www.gamersnexus.net/hwreviews/2544-sapphire-rx-470-platinum-review-benchmark-vs-480-gtx-1060?showall=1'),
  // 2022-04-20: RX 6400 in retail at a suggested $159 (OEM-only at its January launch).
  rx6400: cite(
    'https://geektopia.es/es/technology/2022/04/20/noticias/amp/amd-pone-a-la-venta-en-tiendas-la-rx-6400-por-159-dolares.html',
  ),
  // 2022-01: "the $199 Radeon RX 6500 XT launching on January 19".
  rx6500xt: cite('https://www.pcgamer.com/amd-rx-6500-xt-announcement'),
  // 2017-08: "The air-cooled Vega Frontier Edition is on sale for $999".
  vegaFe: cite('https://www.dilipstechnoblog.com/2017/08/amd-vega-release-date-price-specs-and.html'),
};

/**
 * Cards the catalogue did not have. Specs come from minerstat's card page where it lists them;
 * `known` fills, for cards it lists without specs, the launch month, memory and launch price
 * (MSRP), each as [value, source] from SOURCES. A price is given only where one was published
 * for that card (not for the RTX 5060 Ti, announced at two memory sizes, or workstation cards).
 * Left out for want of a page that says so: the memory of the RTX 4070 Super, the memory type of
 * the RTX 4070 Ti Super, and the launch price of the R9 Fury (the only page found priced one
 * partner's card).
 */
export const NEW = {
  'nvidia-geforce-rtx-3080-12gb': {
    slug: 'geforce-rtx-3080-12-gb',
    name: 'GeForce RTX 3080 12 GB',
    known: {
      release: ['2022-01', SOURCES.rtx3080x12],
      memory_gb: [12, SOURCES.rtx3080x12],
      memory_type: ['GDDR6X', SOURCES.rtx3080x12],
    },
  },
  'nvidia-geforce-rtx-4070-super': {
    slug: 'geforce-rtx-4070-super',
    name: 'GeForce RTX 4070 Super',
    known: { release: ['2024-01', SOURCES.tpu4070sFe], price_usd: [599, SOURCES.tpu4070sGainward] },
  },
  'nvidia-geforce-rtx-4070-ti-super': {
    slug: 'geforce-rtx-4070-ti-super',
    name: 'GeForce RTX 4070 Ti Super',
    known: {
      release: ['2024-01', SOURCES.superDates],
      memory_gb: [16, SOURCES.gamezoom4070tis],
      price_usd: [800, SOURCES.tpu4070sAsus],
    },
  },
  'nvidia-geforce-rtx-4080-super': {
    slug: 'geforce-rtx-4080-super',
    name: 'GeForce RTX 4080 Super',
    known: {
      release: ['2024-01', SOURCES.superDates],
      memory_gb: [16, SOURCES.hwtimes4080s],
      memory_type: ['GDDR6X', SOURCES.hwtimes4080s],
      price_usd: [999, SOURCES.hwtimes4080s],
    },
  },
  'nvidia-geforce-rtx-5060': {
    slug: 'geforce-rtx-5060',
    name: 'GeForce RTX 5060',
    known: {
      release: ['2025-05', SOURCES.rtx5060],
      memory_gb: [8, SOURCES.rtx5060],
      memory_type: ['GDDR7', SOURCES.rtx5060],
      price_usd: [299, SOURCES.rtx5060],
    },
  },
  'nvidia-geforce-rtx-5060-ti': {
    slug: 'geforce-rtx-5060-ti',
    name: 'GeForce RTX 5060 Ti',
    known: { release: ['2025-04', SOURCES.rtx5060ti], memory_type: ['GDDR7', SOURCES.rtx5060ti] },
  },
  'nvidia-geforce-rtx-5070': {
    slug: 'geforce-rtx-5070',
    name: 'GeForce RTX 5070',
    known: {
      release: ['2025-03', SOURCES.tweaktown5070],
      memory_gb: [12, SOURCES.rtx50Memory],
      memory_type: ['GDDR7', SOURCES.rtx50Memory],
      price_usd: [549, SOURCES.rtx50Prices],
    },
  },
  'nvidia-geforce-rtx-5070-ti': {
    slug: 'geforce-rtx-5070-ti',
    name: 'GeForce RTX 5070 Ti',
    known: {
      release: ['2025-02', SOURCES.rtx50Prices],
      memory_gb: [16, SOURCES.rtx50Memory],
      memory_type: ['GDDR7', SOURCES.rtx50Memory],
      price_usd: [749, SOURCES.rtx50Prices],
    },
  },
  'nvidia-geforce-rtx-5080': {
    slug: 'geforce-rtx-5080',
    name: 'GeForce RTX 5080',
    known: {
      release: ['2025-01', SOURCES.rtx50Prices],
      memory_gb: [16, SOURCES.rtx50Memory],
      memory_type: ['GDDR7', SOURCES.rtx50Memory],
      price_usd: [999, SOURCES.rtx50Prices],
    },
  },
  'nvidia-geforce-rtx-5090': {
    slug: 'geforce-rtx-5090',
    name: 'GeForce RTX 5090',
    known: {
      release: ['2025-01', SOURCES.rtx50Prices],
      memory_gb: [32, SOURCES.rtx50Memory],
      memory_type: ['GDDR7', SOURCES.rtx50Memory],
      price_usd: [1999, SOURCES.rtx50Prices],
    },
  },
  'nvidia-gtx-1050ti': {
    slug: 'geforce-gtx-1050-ti',
    name: 'GeForce GTX 1050 Ti',
    known: { release: ['2016-10', SOURCES.gtx1050Date], price_usd: [139, SOURCES.gtx1050Price] },
  },
  'nvidia-gtx-1060': {
    slug: 'geforce-gtx-1060-6-gb',
    name: 'GeForce GTX 1060 6 GB',
    known: {
      release: ['2016-07', SOURCES.gtx1060],
      memory_type: ['GDDR5', SOURCES.gtx1060],
      price_usd: [249, SOURCES.gtx1060],
    },
  },
  'nvidia-gtx-1650': {
    slug: 'geforce-gtx-1650',
    name: 'GeForce GTX 1650',
    known: { release: ['2019-04', SOURCES.gtx1650Date], price_usd: [149, SOURCES.gtx1650Price] },
  },
  'nvidia-gtx-1650-super': {
    slug: 'geforce-gtx-1650-super',
    name: 'GeForce GTX 1650 Super',
    known: { release: ['2019-11', SOURCES.gtx1650sDate], price_usd: [160, SOURCES.gtx1650sPrice] },
  },
  'nvidia-rtx-a2000-6gb': { slug: 'rtx-a2000-6-gb', name: 'RTX A2000 6 GB', known: {} },
  'nvidia-rtx-a4000': { slug: 'rtx-a4000', name: 'RTX A4000', known: {} },
  'nvidia-rtx-a5000': { slug: 'rtx-a5000', name: 'RTX A5000', known: {} },
  'nvidia-rtx-a6000': { slug: 'rtx-a6000', name: 'RTX A6000', known: {} },
  'amd-radeon-rx-7800-xt': {
    slug: 'radeon-rx-7800-xt',
    name: 'Radeon RX 7800 XT',
    known: { price_usd: [499, SOURCES.rx7800xt] },
  },
  'amd-radeon-r9-380-4gb': { slug: 'radeon-r9-380-4-gb', name: 'Radeon R9 380 4 GB', known: {} },
  'amd-radeon-r9-fury': { slug: 'radeon-r9-fury', name: 'Radeon R9 Fury', known: {} },
  'amd-rx-470': { slug: 'radeon-rx-470-8-gb', name: 'Radeon RX 470 8 GB', known: { release: ['2016-08', SOURCES.rx470] } },
  'amd-rx-550': { slug: 'radeon-rx-550-4-gb', name: 'Radeon RX 550 4 GB', known: {} },
  'amd-rx-560': { slug: 'radeon-rx-560-4-gb', name: 'Radeon RX 560 4 GB', known: {} },
  'amd-rx-6400': { slug: 'radeon-rx-6400', name: 'Radeon RX 6400', known: { price_usd: [159, SOURCES.rx6400] } },
  'amd-rx-6500-xt': { slug: 'radeon-rx-6500-xt', name: 'Radeon RX 6500 XT', known: { price_usd: [199, SOURCES.rx6500xt] } },
  'amd-vega-frontier-edition': {
    slug: 'radeon-vega-frontier-edition',
    name: 'Radeon Vega Frontier Edition',
    known: { price_usd: [999, SOURCES.vegaFe] },
  },
};
