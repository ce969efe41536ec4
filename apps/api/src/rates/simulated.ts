import { orderFiat, roundToSignificant, type RatesProvider, type RatesSnapshot } from './provider.ts';

/**
 * The demo's rates: a deterministic walk around realistic prices, so the same seed shows the same
 * fiat values on every machine and tests can rely on them.
 */

/** USD price each coin's walk wanders around (order of magnitude is what matters). */
export const ANCHOR_USD_PRICES: Readonly<Record<string, number>> = {
  btc: 95_000,
  bch: 450,
  // Fractal Bitcoin opened near $8 in 2024 but has traded around $0.4 since mid-2025.
  fb: 0.4,
  ltc: 100,
  rxd: 0.0012,
  iron: 0.3,
  alph: 0.6,
  kas: 0.1,
  sdr: 0.00002,
  xel: 2.5,
  erg: 1,
  kls: 0.0003,
  nir: 0.0005,
  xna: 0.0005,
  clore: 0.02,
  nexa: 0.000003,
  cfx: 0.15,
  sal: 0.1,
  xmr: 300,
  zeph: 0.5,
  rvn: 0.02,
  octa: 0.3,
  etc: 20,
  ethw: 1.5,
  quai: 0.05,
  xec: 0.00003,
  dgb: 0.01,
  doge: 0.25,
  pep: 0.0003,
  bells: 0.3,
};

/** Units of each currency per 1 USD, roughly as they stood in 2025. */
export const ANCHOR_FIAT_PER_USD: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.92,
  RUB: 90,
  UAH: 41.5,
  GBP: 0.79,
  CNY: 7.2,
  JPY: 150,
  KRW: 1380,
  INR: 84,
  IDR: 16_000,
  MYR: 4.5,
  TRY: 34,
  KZT: 500,
  BRL: 5.6,
  PLN: 4,
  IRR: 42_000,
  CAD: 1.37,
  AUD: 1.52,
  NZD: 1.66,
  CHF: 0.88,
  SEK: 10.6,
  NOK: 10.8,
  DKK: 6.9,
  CZK: 23,
  HUF: 365,
  RON: 4.6,
  MXN: 18.5,
  ARS: 1000,
  CLP: 940,
  COP: 4100,
  ZAR: 18.2,
  NGN: 1550,
  EGP: 49,
  VND: 25_400,
  THB: 34,
  PHP: 57,
  SGD: 1.34,
  HKD: 7.8,
  TWD: 32,
  PKR: 280,
  BDT: 120,
  AED: 3.6725,
  SAR: 3.75,
  ILS: 3.7,
  GEL: 2.7,
  BYN: 3.27,
};

/** Currencies pegged to the dollar barely move. */
const PEGGED_TO_USD: ReadonlySet<string> = new Set(['HKD', 'AED', 'SAR']);

/** Largest excursion from the anchor, as a factor: price stays within [anchor / f, anchor * f]. */
export const CRYPTO_SWING = 1.3;
export const FIAT_SWING = 1.02;
const PEG_SWING = 1.001;

// Value noise summed over octaves: the finest has hourly knots, the coarsest a four-month trend.
// Weights sum to 1, so the log-deviation never leaves [-ln(swing), ln(swing)].
const OCTAVES: ReadonlyArray<{ periodMs: number; weight: number }> = [
  { periodMs: 3_600_000, weight: 0.05 },
  { periodMs: 6 * 3_600_000, weight: 0.1 },
  { periodMs: 24 * 3_600_000, weight: 0.15 },
  { periodMs: 7 * 24 * 3_600_000, weight: 0.2 },
  { periodMs: 30 * 24 * 3_600_000, weight: 0.25 },
  { periodMs: 120 * 24 * 3_600_000, weight: 0.25 },
];

export function createSimulatedRates(seed: number, tickers: readonly string[]): RatesProvider {
  const unknown = tickers.filter((ticker) => ANCHOR_USD_PRICES[ticker.toLowerCase()] === undefined);
  if (unknown.length > 0) throw new Error(`No simulated price for ticker(s): ${unknown.join(', ')}`);
  const seedHash = hashString(String(seed));

  return {
    name: 'simulated',
    async fetch(nowMs: number): Promise<RatesSnapshot> {
      const crypto: Record<string, number> = {};
      for (const ticker of tickers) {
        const anchor = ANCHOR_USD_PRICES[ticker.toLowerCase()] ?? 0;
        crypto[ticker.toUpperCase()] = roundToSignificant(anchor * walkFactor(seedHash, `c:${ticker}`, nowMs, CRYPTO_SWING));
      }
      const fiat: Record<string, number> = {};
      for (const [code, anchor] of Object.entries(ANCHOR_FIAT_PER_USD)) {
        const swing = PEGGED_TO_USD.has(code) ? PEG_SWING : FIAT_SWING;
        fiat[code] = code === 'USD' ? 1 : roundToSignificant(anchor * walkFactor(seedHash, `f:${code}`, nowMs, swing));
      }
      return { fiat: orderFiat(fiat), crypto, updatedAt: nowMs };
    },
  };
}

/** exp of a bounded, smooth, pseudo-random log-deviation: a pure function of (seed, series, time). */
function walkFactor(seedHash: number, series: string, nowMs: number, swing: number): number {
  const seriesHash = mix32(seedHash ^ hashString(series));
  let deviation = 0;
  OCTAVES.forEach(({ periodMs, weight }, octave) => {
    const position = nowMs / periodMs;
    const knot = Math.floor(position);
    const t = smoothstep(position - knot);
    const from = knotNoise(seriesHash, octave, knot);
    const to = knotNoise(seriesHash, octave, knot + 1);
    deviation += weight * (from + (to - from) * t);
  });
  return Math.exp(deviation * Math.log(swing));
}

/** A uniform value in [-1, 1] for one knot of one octave. */
function knotNoise(seriesHash: number, octave: number, knot: number): number {
  const high = Math.floor(knot / 2 ** 32);
  let hash = mix32(seriesHash ^ Math.imul(octave + 1, 0x9e3779b1));
  hash = mix32(hash ^ (knot >>> 0));
  hash = mix32(hash ^ (high >>> 0));
  return (hash / 0xffffffff) * 2 - 1;
}

function smoothstep(t: number): number {
  return t * t * (3 - 2 * t);
}

/** FNV-1a, 32-bit. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}

/** MurmurHash3's finaliser: spreads every input bit over the output. */
function mix32(value: number): number {
  let hash = value >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}
