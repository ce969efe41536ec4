// `node scripts/import-gpu-figures.mjs [minerstat.json]`: merges minerstat's public GPU figures
// (../shared/data/gpu-figures-minerstat.json, fetched 2026-05-01) into content/hardware/gpu.json
// by the rules of content/hardware/README.md, and prints what it kept, dropped and where the
// two sources disagree by more than 15 %. Running it again gives the same file once Prettier has
// formatted it (`npx --no-install prettier --write content/hardware/gpu.json`). Values minerstat
// does not publish for a card it adds (release, memory, launch price) come from the page each
// names in scripts/import-gpu-figures-cards.mjs and land in the card's `spec_sources`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GPU_HASHRATE_BANDS, GPU_POWER_BAND } from '../packages/domain/src/hardware.ts';
import { EXISTING, NEW } from './import-gpu-figures-cards.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const input = process.argv[2] ?? `${root}../shared/data/gpu-figures-minerstat.json`;
const gpuFile = `${root}content/hardware/gpu.json`;
const minerstat = JSON.parse(readFileSync(input, 'utf8'));
const catalogue = JSON.parse(readFileSync(gpuFile, 'utf8'));
const AS_OF = minerstat.fetched_at.slice(0, 10);
const SOURCE_HOST = 'https://minerstat.com/hardware/';
const DISAGREE = 0.15;

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

/** The value of a `known` entry ([value, source]), or undefined. */
const value = (entry) => entry?.[0];

function specsOf(entry, known) {
  const specs = entry.specs ?? {};
  const memoryType = /^(GDDR\d+X?|HBM2?)$/.test(specs['Memory Type'] ?? '') ? specs['Memory Type'] : null;
  return {
    memory_gb: value(known.memory_gb) ?? gigabytes(specs['Max Memory Size']) ?? null,
    memory_type: value(known.memory_type) ?? memoryType,
    base_clock_mhz: megahertz(specs['Base Clock'] ?? specs['Base Frequency']),
    boost_clock_mhz: megahertz(specs['Boost Clock'] ?? specs['Boost Frequency']),
    price_usd: value(known.price_usd) ?? null,
    release: value(known.release) ?? month(specs.Release ?? specs['Release date']),
  };
}

/** Where each `known` value was published, one entry per page with the fields it gave (the device's `spec_sources`). */
function specSourcesOf(known) {
  const bySource = new Map();
  for (const [field, [, cited]] of Object.entries(known)) {
    const entry = bySource.get(cited.source) ?? { fields: [], source: cited.source, as_of: cited.as_of };
    entry.fields.push(field);
    bySource.set(cited.source, entry);
  }
  return [...bySource.values()];
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
  const specSources = specSourcesOf(card.known);
  if (specSources.length > 0) device.spec_sources = specSources;
  else delete device.spec_sources;
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
