// `node scripts/import-gpu-figures.mjs [minerstat.json]`: merges minerstat's public GPU figures
// (../shared/data/gpu-figures-minerstat.json, fetched 2026-05-01) into content/hardware/gpu.json
// by the rules of content/hardware/README.md, and prints what it kept, dropped and where the
// two sources disagree by more than 15 %. Running it again gives the same file.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GPU_HASHRATE_BANDS, GPU_POWER_BAND } from '../packages/domain/src/hardware.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const input = process.argv[2] ?? `${root}../shared/data/gpu-figures-minerstat.json`;
const gpuFile = `${root}content/hardware/gpu.json`;
const minerstat = JSON.parse(readFileSync(input, 'utf8'));
const catalogue = JSON.parse(readFileSync(gpuFile, 'utf8'));
const AS_OF = minerstat.fetched_at.slice(0, 10);
const SOURCE_HOST = 'https://minerstat.com/hardware/';
const DISAGREE = 0.15;

/**
 * minerstat card -> catalogue card. minerstat lists many cards twice ('GeForce RTX 3080' with
 * round, tuned figures and 'RTX 3080' with averages that hold outliers such as NexaPoW at
 * 0.9 MH/s or 0 W): the first kind is named here, the second only for cards it alone lists.
 * Left out: LHR and 'Full Unlock' variants, laptop and OEM-only cards, the mining-only CMP and
 * P10x lines and data-centre cards, which the source lists without a release month.
 */
const EXISTING = {
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
const NEW = {
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

const month = (text) => {
  const names = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  const match = /^([A-Za-z]+)\.?\s+(\d{4})$/.exec(String(text ?? '').trim());
  const index = match ? names.indexOf(match[1].slice(0, 3).toLowerCase()) : -1;
  return index < 0 ? null : `${match[2]}-${String(index + 1).padStart(2, '0')}`;
};
const megahertz = (text) => {
  const match = /^(\d{3,4}) MHz$/.exec(String(text ?? '').trim());
  return match ? Number(match[1]) : null;
};
const gigabytes = (text) => {
  const match = /^(\d+) GB$/.exec(String(text ?? '').trim());
  return match ? Number(match[1]) : null;
};

function specsOf(entry, known) {
  const specs = entry.specs ?? {};
  const memoryType = /^(GDDR\d+X?|HBM2?)$/.test(specs['Memory Type'] ?? '') ? specs['Memory Type'] : null;
  return {
    memory_gb: known.memory_gb ?? gigabytes(specs['Max Memory Size']) ?? null,
    memory_type: known.memory_type ?? memoryType,
    base_clock_mhz: megahertz(specs['Base Clock'] ?? specs['Base Frequency']),
    boost_clock_mhz: megahertz(specs['Boost Clock'] ?? specs['Boost Frequency']),
    price_usd: known.price_usd ?? null,
    release: known.release ?? month(specs.Release ?? specs['Release date']),
  };
}

const dropped = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const chosen = (id) => minerstat.devices.find((entry) => entry.minerstat_id === id);
const ids = [...Object.keys(EXISTING), ...Object.keys(NEW)];
const efficiencies = {};
for (const id of ids) {
  for (const figure of chosen(id)?.algorithms ?? []) {
    if (figure.power_w > 0) (efficiencies[figure.algorithm] ??= []).push(figure.hashrate_hs / figure.power_w);
  }
}
const medianEfficiency = Object.fromEntries(Object.entries(efficiencies).map(([name, list]) => [name, median(list)]));

/**
 * A figure outside its algorithm's band (GPU_HASHRATE_BANDS) or power band is a unit slip or a
 * bad average: dropped, never corrected. So is an efficiency more than 4x off the algorithm's
 * median over the cards imported (an average that mixed a wrong profile in).
 */
function figuresOf(id) {
  const figures = [];
  for (const figure of chosen(id)?.algorithms ?? []) {
    const band = GPU_HASHRATE_BANDS[figure.algorithm];
    const { hashrate_hs: hashrate, power_w: power } = figure;
    const efficiency = hashrate / power / medianEfficiency[figure.algorithm];
    let why = null;
    if (!band) why = 'not an algorithm of ours';
    else if (!(hashrate >= band[0] && hashrate <= band[1])) why = 'hashrate outside the band';
    else if (!(power >= GPU_POWER_BAND[0] && power <= GPU_POWER_BAND[1])) why = 'power outside the band';
    else if (efficiency > 4 || efficiency < 0.25) why = `efficiency ${efficiency.toFixed(2)}x the median`;
    if (why) {
      dropped.push(`${id} ${figure.algorithm} ${hashrate} H/s ${power} W: ${why}`);
      continue;
    }
    figures.push({
      algorithm: figure.algorithm,
      hashrate: Math.round(hashrate * 1000) / 1000,
      power: Math.round(power),
      source: SOURCE_HOST + id,
      as_of: AS_OF,
    });
  }
  return figures;
}

const isMinerstat = (figure) => figure.source?.startsWith(SOURCE_HOST);
const disagreements = [];
/** The catalogue's own figures stay (the newer source, README); minerstat adds the algorithms a card lacks. */
function merge(device, figures) {
  const own = device.algorithms
    .filter((figure) => !isMinerstat(figure))
    .map((figure) => ({ ...figure, source: figure.source ?? device.source, as_of: figure.as_of ?? device.as_of }));
  const added = [];
  for (const figure of figures) {
    const mine = own.find((entry) => entry.algorithm === figure.algorithm);
    if (!mine) {
      added.push(figure);
      continue;
    }
    const hashrateOff = Math.abs(figure.hashrate - mine.hashrate) / mine.hashrate;
    const powerOff = Math.abs(figure.power - mine.power) / mine.power;
    if (hashrateOff > DISAGREE || powerOff > DISAGREE) {
      disagreements.push({ card: device.name, algorithm: figure.algorithm, kept: mine, other: figure, hashrateOff, powerOff });
    }
  }
  device.algorithms = [...own, ...added];
}

const bySlug = new Map(catalogue.devices.map((device) => [device.slug, device]));
for (const [id, slug] of Object.entries(EXISTING)) {
  const device = bySlug.get(slug);
  if (!device) throw new Error(`${id}: no catalogue card '${slug}'`);
  merge(device, figuresOf(id));
}
for (const [id, card] of Object.entries(NEW)) {
  const entry = chosen(id);
  if (!entry) throw new Error(`${id}: not in ${input}`);
  const vendor = id.startsWith('nvidia') ? 'nvidia' : 'amd';
  const specs = specsOf(entry, card.known);
  if (!specs.release) throw new Error(`${id}: no release month`);
  const figures = figuresOf(id);
  if (figures.length === 0) {
    dropped.push(`${id}: no figure left, card left out`);
    continue;
  }
  const device = bySlug.get(card.slug) ?? { slug: card.slug, vendor, name: card.name, algorithms: [] };
  Object.assign(device, {
    slug: card.slug,
    vendor,
    name: card.name,
    algorithms: device.algorithms,
    ...specs,
    source: SOURCE_HOST + id,
    as_of: AS_OF,
  });
  merge(device, figures);
  if (!bySlug.has(card.slug)) {
    catalogue.devices.push(device);
    bySlug.set(card.slug, device);
  }
}
const ORDER = [
  'etchash',
  'ethash',
  'kawpow',
  'autolykos2',
  'octopus',
  'kheavyhash',
  'blake3',
  'karlsenhash',
  'nexapow',
  'fishhash',
  'xelishash',
  'randomx',
];
for (const device of catalogue.devices) {
  device.algorithms.sort((a, b) => ORDER.indexOf(a.algorithm) - ORDER.indexOf(b.algorithm));
}
writeFileSync(gpuFile, `${JSON.stringify(catalogue, null, 2)}\n`);

const counts = {};
for (const device of catalogue.devices) {
  for (const figure of device.algorithms) {
    const host = new URL(figure.source).host.replace(/^www\./, '');
    counts[figure.algorithm] ??= {};
    counts[figure.algorithm][host] = (counts[figure.algorithm][host] ?? 0) + 1;
  }
}
console.log(`${catalogue.devices.length} cards. Per algorithm, cards and sources:`);
for (const name of ORDER) {
  const bySource = counts[name] ?? {};
  const total = Object.values(bySource).reduce((a, b) => a + b, 0);
  console.log(
    `  ${name.padEnd(12)} ${String(total).padStart(3)}  ${Object.entries(bySource)
      .map(([host, n]) => `${host} ${n}`)
      .join(', ')}`,
  );
}
console.log(`\nDisagreements over ${DISAGREE * 100} % (the catalogue's figure kept):`);
for (const row of disagreements) {
  const mh = (value) => (value / 1e6).toFixed(1);
  console.log(
    `  | ${row.card} | ${row.algorithm} | ${mh(row.kept.hashrate)} MH/s ${row.kept.power} W | ${mh(row.other.hashrate)} MH/s ${row.other.power} W |`,
  );
}
console.log(`\nDropped:\n  ${dropped.join('\n  ')}`);
