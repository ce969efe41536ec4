import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUX_TICKERS, COIN_TICKERS } from './coins.ts';
import { CoinContentError, explorerLink, fillCommand, parseCoinContent } from './coin-content.ts';

const COINS_JSON = readFileSync(new URL('../../../content/coins.json', import.meta.url), 'utf8');

type Json = Record<string, unknown>;

/** A fresh copy of the real content as plain JSON, to break in one place. */
function rawContent(): Json {
  return JSON.parse(COINS_JSON) as Json;
}

function coinAt(content: Json, ticker: string): Json {
  return (content.coins as Record<string, Json>)[ticker] as Json;
}

/** The CoinContentError message for a broken variant; fails the test if parsing succeeds. */
function errorFor(mutate: (content: Json) => void): string {
  const content = rawContent();
  mutate(content);
  try {
    parseCoinContent(content);
  } catch (error) {
    expect(error).toBeInstanceOf(CoinContentError);
    expect((error as Error).name).toBe('CoinContentError');
    return (error as Error).message;
  }
  throw new Error('expected parseCoinContent to throw');
}

const content = parseCoinContent(rawContent());
const entries = Object.entries(content.coins);

describe('content/coins.json', () => {
  it('has an entry for every registry coin and every merge-mined child, and nothing else', () => {
    expect(Object.keys(content.coins).sort()).toEqual([...COIN_TICKERS, ...AUX_TICKERS].sort());
  });

  it('gives every command template a wallet and a server placeholder', () => {
    const commands = entries.flatMap(([, coin]) => coin.software.map((software) => software.command));
    expect(commands.length).toBeGreaterThan(20);
    for (const command of commands) {
      expect(command).toContain('{wallet}');
      expect(command.includes('{pool}') || command.includes('{ssl_pool}')).toBe(true);
    }
  });

  it('puts its placeholder into every explorer template', () => {
    for (const [, coin] of entries) {
      if (!coin.explorer) continue;
      expect(coin.explorer.block).toContain('{hash}');
      expect(coin.explorer.tx).toContain('{txid}');
      if (coin.explorer.address) expect(coin.explorer.address).toContain('{address}');
    }
  });

  it('gives every coin that GPUs or CPUs mine at least one miner', () => {
    for (const [ticker, coin] of entries) {
      if (!coin.asic) expect(coin.software.length, ticker).toBeGreaterThan(0);
    }
  });

  it('hides addresses on privacy chains, where the explorer cannot show them', () => {
    for (const ticker of ['xmr', 'zeph', 'sal', 'iron'] as const) {
      expect(explorerLink(content.coins[ticker], 'address', 'anything')).toBeNull();
    }
  });
});

describe('parseCoinContent', () => {
  it('names a coin missing from the file', () => {
    expect(
      errorFor((raw) => {
        delete (raw.coins as Json).btc;
      }),
    ).toContain('coins.btc: missing');
  });

  it('refuses a coin that is not in the registry', () => {
    expect(
      errorFor((raw) => {
        (raw.coins as Json).abc = coinAt(raw, 'btc');
      }),
    ).toMatch(/coins: Unrecognized key: "abc"/);
  });

  it('names every bad field in one message', () => {
    const message = errorFor((raw) => {
      const kas = coinAt(raw, 'kas');
      (kas.software as Json[])[0]!.command = 'bzminer -a kaspa -p stratum+tcp://{pool}';
      (kas.explorer as Json).tx = 'https://explorer.kaspa.org/txs/';
      coinAt(raw, 'erg').website = 'http://ergoplatform.org';
    });
    expect(message).toContain('coins.kas.software[0].command: must contain {wallet}');
    expect(message).toContain('coins.kas.explorer.tx: must contain {txid}');
    expect(message).toContain('coins.erg.website: must be an https URL');
  });

  it('refuses a command without a server or with an unknown placeholder', () => {
    expect(
      errorFor((raw) => {
        (coinAt(raw, 'rvn').software as Json[])[0]!.command = 't-rex -a kawpow -u {wallet}';
      }),
    ).toContain('coins.rvn.software[0].command: must contain {pool} or {ssl_pool}');
    expect(
      errorFor((raw) => {
        (coinAt(raw, 'rvn').software as Json[])[0]!.command = 't-rex -a kawpow -o {pool} -u {wallet} -p {password}';
      }),
    ).toContain('coins.rvn.software[0].command: may only use the placeholders');
  });

  it('refuses a GPU coin without miners', () => {
    expect(
      errorFor((raw) => {
        coinAt(raw, 'erg').software = [];
      }),
    ).toContain('coins.erg.software: a coin without ASICs needs at least one miner');
  });
});

describe('explorerLink', () => {
  const kaspa = content.coins.kas;

  it('fills the template with the encoded value', () => {
    expect(explorerLink(kaspa, 'address', 'kaspa:qz0c')).toBe('https://explorer.kaspa.org/addresses/kaspa%3Aqz0c');
    expect(explorerLink(kaspa, 'tx', 'a/b?c')).toBe('https://explorer.kaspa.org/txs/a%2Fb%3Fc');
    expect(explorerLink(content.coins.btc, 'block', '00ab')).toBe('https://mempool.space/block/00ab');
  });

  it('gives null without an explorer or a value', () => {
    expect(explorerLink({}, 'block', '00ab')).toBeNull();
    expect(explorerLink(kaspa, 'block', '')).toBeNull();
  });
});

describe('fillCommand', () => {
  it('fills every placeholder and leaves other braces alone', () => {
    expect(
      fillCommand('miner -o {pool} --tls {ssl_pool} -u {wallet}.{worker} {other}', {
        pool: 'kas-eu.openpool.example:3070',
        ssl_pool: 'kas-eu.openpool.example:3071',
        wallet: 'kaspa:qz0c',
        worker: 'rig1',
      }),
    ).toBe('miner -o kas-eu.openpool.example:3070 --tls kas-eu.openpool.example:3071 -u kaspa:qz0c.rig1 {other}');
  });
});
