/** Monero addresses: fixtures made by monero-wallet-rpc 0.18 (main network bytes, as regtest uses). */
import { describe, expect, it } from 'vitest';
import { checkAddress, decodeBase58, encodeBase58, makeAddress } from './address.ts';

const STANDARD = '49XnyVoFRQZYT7pa4gxjcAU27VcdAjvNeTFiESXvzo1k3DMNybsGT5mSQ7kCBN7yZQSc3uR7GJZQriQkodSofFVPNXBJoA7';
const SUBADDRESS = '89p38AHahc85T8bAsF51cF1BQZaTQxeaHLUeXAw7orPvX28sX45AeWJiijwvRkiJfzJTaht6KUoYiQDZMTGmyK3P4CAuM56';
const INTEGRATED = '4KETzJck2g5YT7pa4gxjcAU27VcdAjvNeTFiESXvzo1k3DMNybsGT5mSQ7kCBN7yZQSc3uR7GJZQriQkodSofFVPYniri6YrUyVJ6jEHeS';

describe('Monero addresses', () => {
  it('accepts the wallet’s standard, sub- and integrated addresses on the main network', () => {
    expect(checkAddress(STANDARD, 'mainnet')).toMatchObject({ ok: true, kind: 'standard' });
    expect(checkAddress(SUBADDRESS, 'mainnet')).toMatchObject({ ok: true, kind: 'subaddress' });
    const integrated = checkAddress(INTEGRATED, 'mainnet');
    expect(integrated).toMatchObject({ ok: true, kind: 'integrated' });
    // The integrated address carries the standard one's keys.
    const standard = checkAddress(STANDARD, 'mainnet');
    if (integrated.ok && standard.ok) expect(integrated.spendKey.equals(standard.spendKey)).toBe(true);
  });

  it('names what is wrong: another network, a mistyped character, a wrong length, not base58', () => {
    expect(checkAddress(STANDARD, 'testnet')).toEqual({ ok: false, problem: 'a mainnet address; this pool mines on testnet' });
    const typo = STANDARD.slice(0, 50) + (STANDARD[50] === 'a' ? 'b' : 'a') + STANDARD.slice(51);
    expect(checkAddress(typo, 'mainnet')).toMatchObject({ ok: false, problem: expect.stringMatching(/checksum/) });
    expect(checkAddress(STANDARD.slice(0, 94), 'mainnet')).toMatchObject({ ok: false });
    expect(checkAddress(STANDARD.replace('9', '0'), 'mainnet')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/base58/),
    });
    expect(checkAddress('LTC-or-anything-else', 'mainnet')).toMatchObject({ ok: false });
  });

  it('checks testnet and stagenet bytes too', () => {
    const spend = Buffer.alloc(32, 3);
    const view = Buffer.alloc(32, 6);
    for (const network of ['testnet', 'stagenet'] as const) {
      for (const kind of ['standard', 'subaddress', 'integrated'] as const) {
        const address = makeAddress(network, kind, spend, view, Buffer.alloc(8, 5));
        expect(checkAddress(address, network)).toMatchObject({ ok: true, kind });
        expect(checkAddress(address, 'mainnet')).toMatchObject({
          ok: false,
          problem: `a ${network} address; this pool mines on mainnet`,
        });
      }
    }
    const keys = checkAddress(STANDARD, 'mainnet');
    if (!keys.ok) throw new Error(keys.problem);
    expect(makeAddress('mainnet', 'standard', keys.spendKey, keys.viewKey)).toBe(STANDARD);
  });

  it('refuses keys that are not curve points (monerod could never pay them)', () => {
    // 32 bytes of 7 are no Ed25519 point; 32 bytes of 3 and of 9 are.
    expect(checkAddress(makeAddress('mainnet', 'standard', Buffer.alloc(32, 7), Buffer.alloc(32, 9)), 'mainnet')).toEqual({
      ok: false,
      problem: 'its keys are not valid public keys',
    });
    expect(checkAddress(makeAddress('mainnet', 'standard', Buffer.alloc(32, 3), Buffer.alloc(32, 9)), 'mainnet')).toMatchObject({
      ok: true,
    });
  });

  it('round-trips base58 blocks of every length', () => {
    for (let length = 0; length <= 17; length += 1) {
      const data = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + length) & 0xff));
      expect(decodeBase58(encodeBase58(data))).toEqual(data);
    }
    expect(decodeBase58('zzzzzzzzzzz')).toBeUndefined(); // overflows 8 bytes
  });
});
