/**
 * The coin registry: every coin the site knows how to show.
 * Which of them a deployment offers is site config (`content/site.json`), not this file.
 */

export const COIN_TICKERS = [
  'btc',
  'bch',
  'fb',
  'ltc',
  'rxd',
  'iron',
  'alph',
  'kas',
  'sdr',
  'xel',
  'erg',
  'kls',
  'nir',
  'xna',
  'clore',
  'nexa',
  'cfx',
  'sal',
  'xmr',
  'zeph',
  'rvn',
  'octa',
  'etc',
  'ethw',
  'quai',
  'xec',
  'dgb',
] as const;

export type CoinTicker = (typeof COIN_TICKERS)[number];

/** Coins that exist here only as merge-mined children: they have no pool page of their own. */
export const AUX_TICKERS = ['doge', 'pep', 'bells'] as const;
export type AuxTicker = (typeof AUX_TICKERS)[number];

/** Every coin a pool's shares can mine: the pool coins and the merge-mined auxiliary chains. */
export const MINED_TICKERS = [...COIN_TICKERS, ...AUX_TICKERS] as const;
export type MinedTicker = (typeof MINED_TICKERS)[number];
/** A merge-mined child: an auxiliary coin, or (fb under btc) a coin with its own pool too. */
export type MergedTicker = AuxTicker | CoinTicker;

export interface Coin {
  ticker: CoinTicker;
  name: string;
  /** Brand colour of the ticker badge, `#rrggbb`. */
  color: string;
  algorithm: string;
  /** Decimals an amount of this coin is shown with: the site's amount format (decision 002, addendum). */
  decimals: number;
  /** Whether the coin page has a Top Miners tab; without one `/{coin}/top-miners` is 404 (decision 003). */
  hasTopMiners: boolean;
  /** Coins merge-mined alongside this one and paid with it. */
  mergedCoins: readonly MergedTicker[];
}

export interface AuxCoin {
  ticker: AuxTicker;
  name: string;
  color: string;
  decimals: number;
}

export const AUX_COINS: Readonly<Record<AuxTicker, AuxCoin>> = {
  doge: { ticker: 'doge', name: 'Dogecoin', color: '#c2a633', decimals: 6 },
  pep: { ticker: 'pep', name: 'Pepecoin', color: '#3c9a3c', decimals: 6 },
  bells: { ticker: 'bells', name: 'Bellscoin', color: '#d97706', decimals: 6 },
};

const NO_TOP_MINERS: ReadonlySet<string> = new Set(['xmr', 'zeph', 'sal']);
const DECIMALS: Readonly<Record<string, number>> = { nexa: 2, btc: 8 };
const DEFAULT_DECIMALS = 6;
const MERGED_INTO: Readonly<Partial<Record<CoinTicker, readonly MergedTicker[]>>> = {
  ltc: ['doge', 'pep', 'bells'],
  btc: ['fb'],
};

// [ticker, name, colour, algorithm]
const COIN_ROWS: ReadonlyArray<readonly [CoinTicker, string, string, string]> = [
  ['btc', 'Bitcoin', '#f7931a', 'sha256d'],
  ['bch', 'Bitcoin Cash', '#0ac18e', 'sha256d'],
  ['fb', 'Fractal Bitcoin', '#ff6b00', 'sha256d'],
  ['ltc', 'Litecoin', '#345d9d', 'scrypt'],
  ['rxd', 'Radiant', '#1e40af', 'sha512256d'],
  ['iron', 'Iron Fish', '#3f3f46', 'fishhash'],
  ['alph', 'Alephium', '#4b5563', 'blake3'],
  ['kas', 'Kaspa', '#49c5b6', 'kheavyhash'],
  ['sdr', 'Sedra', '#9333ea', 'sedrahash'],
  ['xel', 'Xelis', '#02c39a', 'xelishash'],
  ['erg', 'Ergo', '#ff5722', 'autolykos2'],
  ['kls', 'Karlsen', '#0e9f9a', 'karlsenhash'],
  ['nir', 'Nirmata', '#7c3aed', 'kheavyhash'],
  ['xna', 'Neurai', '#2563eb', 'kawpow'],
  ['clore', 'Clore.ai', '#e11d48', 'kawpow'],
  ['nexa', 'Nexa', '#f59e0b', 'nexapow'],
  ['cfx', 'Conflux', '#1f2937', 'octopus'],
  ['sal', 'Salvium', '#0f766e', 'randomx'],
  ['xmr', 'Monero', '#ff6600', 'randomx'],
  ['zeph', 'Zephyr', '#0284c7', 'randomx'],
  ['rvn', 'Ravencoin', '#384182', 'kawpow'],
  ['octa', 'OctaSpace', '#2b8eff', 'ethash'],
  ['etc', 'Ethereum Classic', '#328332', 'etchash'],
  ['ethw', 'EthereumPoW', '#475569', 'ethash'],
  ['quai', 'Quai', '#e22901', 'kawpow'],
  ['xec', 'eCash', '#0074c2', 'sha256d'],
  ['dgb', 'DigiByte', '#006ad2', 'sha256d'],
];

export const COINS: Readonly<Record<CoinTicker, Coin>> = Object.fromEntries(
  COIN_ROWS.map(([ticker, name, color, algorithm]) => [
    ticker,
    {
      ticker,
      name,
      color,
      algorithm,
      decimals: DECIMALS[ticker] ?? DEFAULT_DECIMALS,
      hasTopMiners: !NO_TOP_MINERS.has(ticker),
      mergedCoins: MERGED_INTO[ticker] ?? [],
    },
  ]),
) as Record<CoinTicker, Coin>;

const TICKER_SET: ReadonlySet<string> = new Set(COIN_TICKERS);

export function isCoinTicker(value: string): value is CoinTicker {
  return TICKER_SET.has(value);
}

export function getCoin(ticker: string): Coin | undefined {
  return isCoinTicker(ticker) ? COINS[ticker] : undefined;
}

/** Decimals for any ticker that can carry an amount, merged children included. */
export function amountDecimals(ticker: string): number {
  if (isCoinTicker(ticker)) return COINS[ticker].decimals;
  return (AUX_COINS as Record<string, AuxCoin | undefined>)[ticker]?.decimals ?? DEFAULT_DECIMALS;
}

/** Text colour that stays readable on a coin's badge: near-black or white, whichever contrasts more. */
export function badgeTextColor(background: string): '#000000' | '#ffffff' {
  const contrastWithWhite = contrastRatio(background, '#ffffff');
  const contrastWithDark = contrastRatio(background, '#000000');
  return contrastWithWhite >= contrastWithDark ? '#ffffff' : '#000000';
}

/** WCAG 2 relative luminance of `#rrggbb`. */
function relativeLuminance(color: string): number {
  const hex = color.replace('#', '');
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
