/**
 * Miner addresses in each chain's own format (bech32, base58, cashaddr, hex ...), so the
 * simulated miners look like real ones. They are shaped right, not checksummed: the pool
 * only requires a well-formed address (`isWellFormedAddress`).
 */
import type { CoinTicker } from '@openpool/domain/coins';
import type { Rng } from './random.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';
const CONFLUX = 'abcdefghjkmnprstuvwxyz0123456789';

function chars(rng: Rng, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(rng.next() * alphabet.length)];
  return out;
}

/** Picks one of the formats by weight. */
function oneOf(rng: Rng, formats: ReadonlyArray<readonly [number, () => string]>): string {
  let u = rng.next() * formats.reduce((sum, [weight]) => sum + weight, 0);
  for (const [weight, make] of formats) {
    u -= weight;
    if (u < 0) return make();
  }
  const last = formats[formats.length - 1];
  if (!last) throw new Error('no address format');
  return last[1]();
}

function bitcoinStyle(rng: Rng): string {
  return oneOf(rng, [
    [60, () => `bc1q${chars(rng, BECH32, 38)}`],
    [25, () => `bc1p${chars(rng, BECH32, 58)}`],
    [10, () => `3${chars(rng, BASE58, 33)}`],
    [5, () => `1${chars(rng, BASE58, 33)}`],
  ]);
}

const FORMATS: Readonly<Record<CoinTicker, (rng: Rng) => string>> = {
  btc: bitcoinStyle,
  fb: bitcoinStyle,
  bch: (rng) => `bitcoincash:q${chars(rng, BECH32, 41)}`,
  xec: (rng) => `ecash:q${chars(rng, BECH32, 41)}`,
  ltc: (rng) =>
    oneOf(rng, [
      [55, () => `ltc1q${chars(rng, BECH32, 38)}`],
      [25, () => `L${chars(rng, BASE58, 33)}`],
      [20, () => `M${chars(rng, BASE58, 33)}`],
    ]),
  dgb: (rng) =>
    oneOf(rng, [
      [70, () => `dgb1q${chars(rng, BECH32, 38)}`],
      [30, () => `D${chars(rng, BASE58, 33)}`],
    ]),
  rxd: (rng) => `1${chars(rng, BASE58, 33)}`,
  iron: (rng) => chars(rng, HEX, 64),
  alph: (rng) => `1${chars(rng, BASE58, 44)}`,
  kas: (rng) => `kaspa:q${chars(rng, BECH32, 60)}`,
  sdr: (rng) => `sedra:q${chars(rng, BECH32, 60)}`,
  kls: (rng) => `karlsen:q${chars(rng, BECH32, 60)}`,
  nir: (rng) => `nirmata:q${chars(rng, BECH32, 60)}`,
  xel: (rng) => `xel:${chars(rng, BECH32, 58)}`,
  erg: (rng) => `9${chars(rng, BASE58, 50)}`,
  xna: (rng) => `N${chars(rng, BASE58, 33)}`,
  clore: (rng) => `A${chars(rng, BASE58, 33)}`,
  nexa: (rng) => `nexa:nqtsq5g5${chars(rng, BECH32, 40)}`,
  cfx: (rng) => `cfx:aa${chars(rng, CONFLUX, 40)}`,
  // Monero-family main addresses: 95 base58 characters, `4` then a digit or A/B (base58 has no 0).
  xmr: (rng) => `4${chars(rng, '123456789AB', 1)}${chars(rng, BASE58, 93)}`,
  sal: (rng) => `SaLv${chars(rng, BASE58, 93)}`,
  zeph: (rng) => `ZEPHYR${chars(rng, BASE58, 92)}`,
  rvn: (rng) => `R${chars(rng, BASE58, 33)}`,
  etc: (rng) => `0x${chars(rng, HEX, 40)}`,
  ethw: (rng) => `0x${chars(rng, HEX, 40)}`,
  octa: (rng) => `0x${chars(rng, HEX, 40)}`,
  // Quai's Cyprus-1 zone addresses start with 0x00.
  quai: (rng) => `0x00${chars(rng, HEX, 38)}`,
};

export function minerAddress(coin: CoinTicker, rng: Rng): string {
  return FORMATS[coin](rng);
}
