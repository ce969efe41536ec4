import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUX_COINS, AUX_TICKERS, COIN_TICKERS, COINS, amountDecimals, badgeTextColor, getCoin, isCoinTicker } from './coins.ts';

const SPEC_TICKERS = [
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
];

const DARK = '#000000';
const WHITE = '#ffffff';

// WCAG 2.x relative luminance and contrast ratio, computed independently of the source.
function linear(channel8bit: number): number {
  const c = channel8bit / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not #rrggbb: ${hex}`);
  const [r, g, b] = [m[1], m[2], m[3]].map((part) => linear(parseInt(part ?? '', 16))) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const hexColor = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map(([r, g, b]) => `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`);

describe('coin registry', () => {
  it('lists exactly the 27 tickers of the spec, in order, without duplicates', () => {
    expect([...COIN_TICKERS]).toEqual(SPEC_TICKERS);
    expect(COIN_TICKERS).toHaveLength(27);
    expect(new Set(COIN_TICKERS).size).toBe(27);
  });

  it('has one entry per ticker and nothing else', () => {
    expect(Object.keys(COINS).sort()).toEqual([...SPEC_TICKERS].sort());
  });

  it.each(SPEC_TICKERS)('%s has its own ticker, a name, a #rrggbb colour and an algorithm', (ticker) => {
    const coin = getCoin(ticker);
    expect(coin).toBeDefined();
    expect(coin?.ticker).toBe(ticker);
    expect(coin?.name).toMatch(/\S/);
    expect(coin?.color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(coin?.algorithm).toMatch(/^[a-z0-9]+$/);
  });

  it('knows a few names and algorithms exactly', () => {
    expect(COINS.btc).toMatchObject({ name: 'Bitcoin', algorithm: 'sha256d', color: '#f7931a' });
    expect(COINS.ltc).toMatchObject({ name: 'Litecoin', algorithm: 'scrypt' });
    expect(COINS.xmr).toMatchObject({ name: 'Monero', algorithm: 'randomx' });
    expect(COINS.kas).toMatchObject({ name: 'Kaspa', algorithm: 'kheavyhash' });
    expect(COINS.etc).toMatchObject({ name: 'Ethereum Classic', algorithm: 'etchash' });
  });

  it('shows nexa with 2 decimals, btc with 8 and every other coin with 6', () => {
    expect(COINS.nexa.decimals).toBe(2);
    expect(COINS.btc.decimals).toBe(8);
    for (const ticker of COIN_TICKERS) {
      if (ticker === 'nexa' || ticker === 'btc') continue;
      expect(COINS[ticker].decimals, ticker).toBe(6);
    }
  });

  it('hides the Top Miners tab for xmr, zeph and sal only', () => {
    const hidden = COIN_TICKERS.filter((ticker) => !COINS[ticker].hasTopMiners);
    expect(hidden.sort()).toEqual(['sal', 'xmr', 'zeph']);
  });

  it('merge-mines doge, pep and bells with ltc, fb with btc, and nothing with the rest', () => {
    expect(COINS.ltc.mergedCoins).toEqual(['doge', 'pep', 'bells']);
    expect(COINS.btc.mergedCoins).toEqual(['fb']);
    for (const ticker of COIN_TICKERS) {
      if (ticker === 'ltc' || ticker === 'btc') continue;
      expect(COINS[ticker].mergedCoins, ticker).toEqual([]);
    }
  });

  it('has the three auxiliary coins with #rrggbb colours and 6 decimals', () => {
    expect([...AUX_TICKERS]).toEqual(['doge', 'pep', 'bells']);
    for (const ticker of AUX_TICKERS) {
      expect(AUX_COINS[ticker].ticker).toBe(ticker);
      expect(AUX_COINS[ticker].color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(AUX_COINS[ticker].decimals).toBe(6);
      // Auxiliary coins have no pool page of their own.
      expect(isCoinTicker(ticker)).toBe(false);
    }
  });
});

describe('isCoinTicker / getCoin', () => {
  it('accepts registry tickers only, case-sensitively', () => {
    expect(isCoinTicker('btc')).toBe(true);
    expect(isCoinTicker('dgb')).toBe(true);
    expect(isCoinTicker('BTC')).toBe(false);
    expect(isCoinTicker('doge')).toBe(false);
    expect(isCoinTicker('')).toBe(false);
    expect(isCoinTicker(' btc')).toBe(false);
    expect(isCoinTicker('toString')).toBe(false);
    expect(isCoinTicker('__proto__')).toBe(false);
  });

  it('returns undefined for anything not in the registry', () => {
    expect(getCoin('eth')).toBeUndefined();
    expect(getCoin('doge')).toBeUndefined();
    expect(getCoin('constructor')).toBeUndefined();
    expect(getCoin('')).toBeUndefined();
  });

  it('never throws and agrees with isCoinTicker on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(getCoin(value) !== undefined).toBe(isCoinTicker(value));
      }),
    );
  });
});

describe('amountDecimals', () => {
  it('uses the registry decimals for pool coins', () => {
    expect(amountDecimals('btc')).toBe(8);
    expect(amountDecimals('nexa')).toBe(2);
    expect(amountDecimals('ltc')).toBe(6);
    expect(amountDecimals('fb')).toBe(6);
  });

  it('uses 6 for merged children and unknown tickers', () => {
    expect(amountDecimals('doge')).toBe(6);
    expect(amountDecimals('pep')).toBe(6);
    expect(amountDecimals('bells')).toBe(6);
    expect(amountDecimals('nope')).toBe(6);
    expect(amountDecimals('')).toBe(6);
    expect(amountDecimals('toString')).toBe(6);
    expect(amountDecimals('__proto__')).toBe(6);
  });
});

describe('badgeTextColor', () => {
  it('returns white on black and the dark colour on white', () => {
    expect(badgeTextColor('#000000')).toBe(WHITE);
    expect(badgeTextColor('#ffffff')).toBe(DARK);
    expect(badgeTextColor('#FFFFFF')).toBe(DARK);
  });

  it('picks dark text on bright badges and white on deep ones', () => {
    expect(badgeTextColor(COINS.btc.color)).toBe(DARK); // #f7931a orange
    expect(badgeTextColor(COINS.nexa.color)).toBe(DARK); // #f59e0b amber
    expect(badgeTextColor(COINS.rxd.color)).toBe(WHITE); // #1e40af deep blue
    expect(badgeTextColor(COINS.cfx.color)).toBe(WHITE); // #1f2937 near black
  });

  it.each([...COIN_TICKERS.map((t) => [t, COINS[t].color]), ...AUX_TICKERS.map((t) => [t, AUX_COINS[t].color])])(
    '%s badge (%s) gets the higher-contrast text colour, with contrast >= 3',
    (_ticker, color) => {
      const picked = badgeTextColor(color);
      const other = picked === WHITE ? DARK : WHITE;
      expect(contrast(color, picked)).toBeGreaterThanOrEqual(3);
      expect(contrast(color, picked)).toBeGreaterThanOrEqual(contrast(color, other));
    },
  );

  it('picks the higher-contrast colour near the white/dark boundary', () => {
    // #0077fc: white gives 4.16:1, #111827 gives 4.26:1, so the dark text is the more readable.
    expect(contrast('#0077fc', DARK)).toBeGreaterThan(contrast('#0077fc', WHITE));
    expect(badgeTextColor('#0077fc')).toBe(DARK);
  });

  it('always returns one of the two text colours, clearly the better one when they differ', () => {
    fc.assert(
      fc.property(hexColor, (color) => {
        const picked = badgeTextColor(color);
        expect([WHITE, DARK]).toContain(picked);
        const other = picked === WHITE ? DARK : WHITE;
        // Away from the boundary there is no doubt which colour reads better.
        if (Math.abs(contrast(color, WHITE) - contrast(color, DARK)) > 0.5) {
          expect(contrast(color, picked)).toBeGreaterThan(contrast(color, other));
        }
      }),
    );
  });
});
