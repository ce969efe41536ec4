/**
 * Each coin's address format, and what a miner's search box makes of what was pasted into it
 * (decision 027). Shared by the address search (home page, pool header, payouts and settings),
 * the connection test page and the settings form, so the three never disagree.
 *
 * The check is of shape, not checksum: prefix, alphabet and length. A checksum would catch a
 * mistyped character too, but the pool's own demo miners are shaped, not checksummed
 * (simulator/addresses.ts), and a real chain's new address version would be refused until we
 * shipped code; shape catches what miners actually paste (a worker suffix, a stratum URL, an
 * address of another coin, words).
 */
import { COINS, COIN_TICKERS, type CoinTicker } from './coins.ts';
import { isEmailStyleAccount, MAX_ADDRESS_LENGTH, isWellFormedWorker } from './address.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdefABCDEF';
const CONFLUX = 'abcdefghjkmnprstuvwxyz0123456789';

/** One way of writing an address: a prefix, then characters of one alphabet, of some lengths. */
interface AddressShape {
  /** What the address starts with, as a miner reads it (`ltc1`, `L`, `kaspa:q`). */
  prefix: string;
  /** Prefix compared without case (bech32 and hex are written in either case, not mixed). */
  anyCase?: boolean;
  alphabet: string;
  /** Total lengths allowed, prefix included. */
  lengths: readonly [min: number, max: number];
  /** A test network's form: accepted (the real-chain pool runs on regtest), never suggested. */
  testNetwork?: true;
}

const base58 = (prefix: string, min = 26, max = 35): AddressShape => ({ prefix, alphabet: BASE58, lengths: [min, max] });
const bech32 = (prefix: string, min: number, max: number): AddressShape => ({
  prefix,
  anyCase: true,
  alphabet: BECH32,
  lengths: [min, max],
});
const hex0x: AddressShape = { prefix: '0x', anyCase: true, alphabet: HEX, lengths: [42, 42] };
// bc1q (P2WPKH, 42) and bc1q P2WSH (62), bc1p taproot (62).
const BITCOIN: readonly AddressShape[] = [bech32('bc1', 42, 62), base58('1'), base58('3')];

export const ADDRESS_SHAPES: Readonly<Record<CoinTicker, readonly AddressShape[]>> = {
  btc: BITCOIN,
  fb: BITCOIN,
  bch: [bech32('bitcoincash:q', 54, 54), bech32('bitcoincash:p', 54, 54), bech32('q', 42, 42), bech32('p', 42, 42)],
  xec: [bech32('ecash:q', 48, 48), bech32('ecash:p', 48, 48)],
  ltc: [
    bech32('ltc1', 43, 63),
    base58('L'),
    base58('M'),
    base58('3'),
    { ...bech32('rltc1', 44, 64), testNetwork: true },
    { ...bech32('tltc1', 44, 64), testNetwork: true },
  ],
  dgb: [bech32('dgb1', 43, 63), base58('D'), base58('S')],
  rxd: [base58('1')],
  iron: [{ prefix: '', alphabet: HEX, lengths: [64, 64] }],
  alph: [base58('1', 40, 60)],
  kas: [bech32('kaspa:q', 67, 69), bech32('kaspa:p', 67, 69)],
  sdr: [bech32('sedra:q', 67, 69), bech32('sedra:p', 67, 69)],
  kls: [bech32('karlsen:q', 69, 71), bech32('karlsen:p', 69, 71)],
  nir: [bech32('nirmata:q', 69, 71), bech32('nirmata:p', 69, 71)],
  xel: [bech32('xel:', 60, 70)],
  erg: [base58('9', 51, 51)],
  xna: [base58('N', 34, 34)],
  clore: [base58('A', 34, 34)],
  nexa: [bech32('nexa:', 45, 100)],
  cfx: [{ prefix: 'cfx:', anyCase: true, alphabet: CONFLUX, lengths: [46, 46] }],
  // Monero-family: main addresses of 95 characters (4...), subaddresses (8...), integrated (106).
  xmr: [base58('4', 95, 106), base58('8', 95, 95)],
  sal: [base58('SaLv', 97, 110)],
  zeph: [base58('ZEPH', 95, 110)],
  rvn: [base58('R', 34, 34)],
  etc: [hex0x],
  ethw: [hex0x],
  octa: [hex0x],
  quai: [hex0x],
};

function startsWith(address: string, shape: AddressShape): boolean {
  return shape.anyCase ? address.toLowerCase().startsWith(shape.prefix.toLowerCase()) : address.startsWith(shape.prefix);
}

function fits(address: string, shape: AddressShape): boolean {
  if (!startsWith(address, shape)) return false;
  if (address.length < shape.lengths[0] || address.length > shape.lengths[1]) return false;
  const body = address.slice(shape.prefix.length);
  // bech32 is one case throughout: all lower or all upper.
  const text = shape.anyCase && body === body.toUpperCase() ? body.toLowerCase() : body;
  return [...text].every((char) => shape.alphabet.includes(char));
}

/** What is wrong with an address for a coin, in terms a miner can act on. */
export type AddressProblem =
  | { kind: 'empty' }
  | { kind: 'spaces' }
  | { kind: 'too-long'; max: number }
  | { kind: 'prefix'; prefixes: readonly string[] }
  | { kind: 'length'; prefix: string; min: number; max: number; length: number }
  | { kind: 'character'; character: string };

/** Null when the address has the coin's shape; else the nearest problem. E-mail accounts pass. */
export function addressProblem(coin: CoinTicker, address: string): AddressProblem | null {
  if (address === '') return { kind: 'empty' };
  if (/\s/.test(address)) return { kind: 'spaces' };
  if (address.length > MAX_ADDRESS_LENGTH) return { kind: 'too-long', max: MAX_ADDRESS_LENGTH };
  if (isEmailStyleAccount(address)) return null;
  const shapes = ADDRESS_SHAPES[coin];
  if (shapes.some((shape) => fits(address, shape))) return null;
  // The longest prefix that matches is the shape the miner meant.
  const meant = shapes.filter((shape) => startsWith(address, shape)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
  if (!meant)
    return {
      kind: 'prefix',
      prefixes: [...new Set(shapes.filter((shape) => !shape.testNetwork).map((shape) => shape.prefix))].filter(Boolean),
    };
  const body = address.slice(meant.prefix.length);
  const text = meant.anyCase && body === body.toUpperCase() ? body.toLowerCase() : body;
  const stray = [...text].find((char) => !meant.alphabet.includes(char));
  if (stray !== undefined) return { kind: 'character', character: meant.anyCase ? stray.toLowerCase() : stray };
  return { kind: 'length', prefix: meant.prefix, min: meant.lengths[0], max: meant.lengths[1], length: address.length };
}

/** The coins (of those given) whose format the address has: where a wrong coin's search should go. */
export function coinsForAddress(address: string, among: readonly string[] = COIN_TICKERS): CoinTicker[] {
  if (isEmailStyleAccount(address)) return [];
  return among.filter(
    (ticker): ticker is CoinTicker => ticker in COINS && addressProblem(ticker as CoinTicker, address) === null,
  );
}

/** What a search box was given, once the pasted extras are taken off. */
export interface SearchInput {
  address: string;
  /** The worker, from `ADDRESS.WORKER` or `ADDRESS/WORKER` (the stratum login's forms). */
  worker: string | null;
}

/**
 * Takes what a miner pastes from a rig's config: spaces around it, `ADDRESS.WORKER`,
 * `ADDRESS/WORKER`, a stratum URL with the login as its user (`stratum+tcp://ADDRESS.rig1:x@host:3333`),
 * or a `-u ADDRESS.rig1` argument. Null for blank input.
 */
export function parseSearchInput(input: string): SearchInput | null {
  let text = input.trim();
  if (text === '') return null;
  // A command line's user argument: `-u LOGIN` or `--user LOGIN` / `--user=LOGIN`.
  const argument = /(?:^|\s)(?:-u|--user|--userpass)[\s=]+(\S+)/.exec(text);
  if (argument?.[1]) text = argument[1];
  // A URL's user part: scheme://user[:password]@host...
  const user = /^[a-z][a-z0-9+.-]*:\/\/([^@/\s]+)@/i.exec(text)?.[1];
  if (user) {
    // `login:password`, except that a cashaddr or Kaspa login has a colon of its own
    // (`bitcoincash:q...`): a colon after letters alone is the address's, not the password's.
    const colon = user.lastIndexOf(':');
    text = colon > 0 && !/^[a-z]+$/i.test(user.slice(0, colon)) ? user.slice(0, colon) : user;
  }
  text = safeDecode(text).trim();
  if (text === '') return null;
  // E-mail-style accounts keep their dots (name@mail.example.com).
  if (isEmailStyleAccount(text)) return { address: text, worker: null };
  // The login's separators: the worker follows the first '.' or '/' (no coin's address has either).
  const cut = text.search(/[./]/);
  if (cut <= 0) return { address: text, worker: null };
  const worker = text.slice(cut + 1);
  return { address: text.slice(0, cut), worker: isWellFormedWorker(worker) ? worker : null };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A search's outcome: open the miner (or the worker), or say what is wrong and where it fits. */
export type SearchOutcome =
  | { kind: 'empty' }
  | { kind: 'open'; coin: CoinTicker; address: string; worker: string | null }
  | { kind: 'invalid'; coin: CoinTicker | null; input: string; problem: AddressProblem | null; otherCoins: CoinTicker[] };

/**
 * Resolves a search on a coin's pages (`coin` given) or the home page (`coin` null: the coin
 * is the one enabled coin whose format the address has; several are offered to choose from).
 */
export function resolveSearch(input: string, coin: CoinTicker | null, enabled: readonly string[]): SearchOutcome {
  const parsed = parseSearchInput(input);
  if (!parsed) return { kind: 'empty' };
  const { address, worker } = parsed;
  const candidates = coinsForAddress(address, enabled);
  if (coin) {
    const problem = addressProblem(coin, address);
    if (problem === null) return { kind: 'open', coin, address, worker };
    return { kind: 'invalid', coin, input: address, problem, otherCoins: candidates.filter((other) => other !== coin) };
  }
  if (isEmailStyleAccount(address)) return { kind: 'invalid', coin: null, input: address, problem: null, otherCoins: [] };
  const only = candidates.length === 1 ? candidates[0] : undefined;
  if (only) return { kind: 'open', coin: only, address, worker };
  return {
    kind: 'invalid',
    coin: null,
    input: address,
    problem: candidates.length === 0 ? addressProblemAnywhere(address) : null,
    otherCoins: candidates,
  };
}

/** For the home page: an address no coin takes gets the generic problems (spaces, length). */
function addressProblemAnywhere(address: string): AddressProblem | null {
  if (/\s/.test(address)) return { kind: 'spaces' };
  if (address.length > MAX_ADDRESS_LENGTH) return { kind: 'too-long', max: MAX_ADDRESS_LENGTH };
  return null;
}
