import { describe, expect, it } from 'vitest';
import { addressProblem, coinsForAddress, parseSearchInput, resolveSearch } from './address-format.ts';

// Real-world shaped addresses (public examples from each chain's documentation).
const LTC = 'ltc1qg82tvwpq3dhx2vv7tx8kfhd4xj3h3yk4r06e6j';
const LTC_LEGACY = 'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const KAS = 'kaspa:qrelgny7sr3vahq69yykxx36m65gvmhryxrlwngfzgu8xkdslum2yxjp3ap8m';
const ETC = '0x52908400098527886E0F7030069857D2E4169EE7';
const XMR = '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A';
const ENABLED = ['btc', 'fb', 'ltc', 'kas', 'etc', 'ethw', 'xmr'];

describe('addressProblem', () => {
  it('passes each coin its own addresses', () => {
    expect(addressProblem('ltc', LTC)).toBeNull();
    expect(addressProblem('ltc', LTC.toUpperCase())).toBeNull();
    expect(addressProblem('ltc', LTC_LEGACY)).toBeNull();
    expect(addressProblem('btc', BTC)).toBeNull();
    expect(addressProblem('kas', KAS)).toBeNull();
    expect(addressProblem('etc', ETC)).toBeNull();
    expect(addressProblem('xmr', XMR)).toBeNull();
    // The real-chain pool's regtest addresses (apps/stratum) are accepted, never suggested.
    expect(addressProblem('ltc', 'rltc1qx7prmd6ym4rz7v8swxz0h5v6u0xw2n3u9r4q8v')).toBeNull();
  });

  it('says what is wrong with a wrong one', () => {
    expect(addressProblem('ltc', 'abc')).toEqual({ kind: 'prefix', prefixes: ['ltc1', 'L', 'M', '3'] });
    expect(addressProblem('ltc', 'hello world')).toEqual({ kind: 'spaces' });
    expect(addressProblem('ltc', '')).toEqual({ kind: 'empty' });
    expect(addressProblem('ltc', LTC.slice(0, -3))).toEqual({ kind: 'length', prefix: 'ltc1', min: 43, max: 63, length: 40 });
    // 'b' is not in bech32's alphabet ('1', 'b', 'i', 'o' are left out).
    expect(addressProblem('ltc', `${LTC.slice(0, -1)}b`)).toEqual({ kind: 'character', character: 'b' });
    // base58 leaves out 0, O, I and l.
    expect(addressProblem('ltc', `${LTC_LEGACY.slice(0, -1)}0`)).toEqual({ kind: 'character', character: '0' });
    expect(addressProblem('ltc', 'x'.repeat(300))).toEqual({ kind: 'too-long', max: 254 });
  });

  it('lets e-mail accounts through to their own page', () => {
    expect(addressProblem('ltc', 'miner@example.com')).toBeNull();
  });
});

describe('coinsForAddress', () => {
  it('names every coin whose format an address has', () => {
    expect(coinsForAddress(BTC, ENABLED)).toEqual(['btc', 'fb']);
    expect(coinsForAddress(LTC, ENABLED)).toEqual(['ltc']);
    expect(coinsForAddress(ETC, ENABLED)).toEqual(['etc', 'ethw']);
    expect(coinsForAddress('abc', ENABLED)).toEqual([]);
  });
});

describe('parseSearchInput', () => {
  it('trims and takes the worker off a stratum login', () => {
    expect(parseSearchInput(`   ${LTC}  `)).toEqual({ address: LTC, worker: null });
    expect(parseSearchInput(`${LTC}.rig-07`)).toEqual({ address: LTC, worker: 'rig-07' });
    expect(parseSearchInput(`${LTC}/rig-07`)).toEqual({ address: LTC, worker: 'rig-07' });
    expect(parseSearchInput(` \t${LTC}.rig1\n`)).toEqual({ address: LTC, worker: 'rig1' });
    expect(parseSearchInput('   ')).toBeNull();
  });

  it("takes a stratum URL's user part and a command line's user argument", () => {
    expect(parseSearchInput(`stratum+tcp://${LTC}.rig1:x@ltc-eu.example.com:3333`)).toEqual({ address: LTC, worker: 'rig1' });
    expect(parseSearchInput(`stratum+ssl://${LTC}@ltc-eu.example.com:3334`)).toEqual({ address: LTC, worker: null });
    expect(parseSearchInput(`-o stratum+tcp://ltc-eu.example.com:3333 -u ${LTC}.rig2 -p x`)).toEqual({
      address: LTC,
      worker: 'rig2',
    });
    // A cashaddr login keeps its own colon.
    const bch = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
    expect(parseSearchInput(`stratum+tcp://${bch}.rig:x@bch.example.com:3333`)).toEqual({ address: bch, worker: 'rig' });
    expect(parseSearchInput(`stratum+tcp://${bch}@bch.example.com:3333`)).toEqual({ address: bch, worker: null });
  });

  it('keeps the dots of an e-mail account', () => {
    expect(parseSearchInput('miner@mail.example.com')).toEqual({ address: 'miner@mail.example.com', worker: null });
  });
});

describe('resolveSearch', () => {
  it("opens the miner or its worker on a coin's pages", () => {
    expect(resolveSearch(` ${LTC}.rig1 `, 'ltc', ENABLED)).toEqual({ kind: 'open', coin: 'ltc', address: LTC, worker: 'rig1' });
  });

  it('offers the coin an address belongs to', () => {
    expect(resolveSearch(BTC, 'ltc', ENABLED)).toMatchObject({ kind: 'invalid', coin: 'ltc', otherCoins: ['btc', 'fb'] });
  });

  it('finds the coin on the home page, or offers the choice', () => {
    expect(resolveSearch(LTC, null, ENABLED)).toEqual({ kind: 'open', coin: 'ltc', address: LTC, worker: null });
    expect(resolveSearch(BTC, null, ENABLED)).toMatchObject({ kind: 'invalid', coin: null, otherCoins: ['btc', 'fb'] });
    expect(resolveSearch('hello world', null, ENABLED)).toMatchObject({
      kind: 'invalid',
      problem: { kind: 'spaces' },
      otherCoins: [],
    });
    // Only enabled coins are offered.
    expect(resolveSearch(LTC, null, ['btc'])).toMatchObject({ kind: 'invalid', otherCoins: [] });
  });
});
