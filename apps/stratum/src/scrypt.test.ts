import { describe, expect, it } from 'vitest';
import { reversed, sha256d, uint32le } from './bytes.ts';
import { hashValue, scryptPow, scryptPowAsync } from './scrypt.ts';
import { bitsToTarget } from './target.ts';

// Litecoin's mainnet genesis block (chainparams.cpp): its header, block hash and scrypt PoW hash.
const GENESIS = Buffer.concat([
  uint32le(1),
  Buffer.alloc(32),
  reversed(Buffer.from('97ddfbbae6be97fd6cdf3e7ca13232a3afff2353e29badfab7f73011edd4ced9', 'hex')),
  uint32le(1317972665),
  reversed(Buffer.from('1e0ffff0', 'hex')),
  uint32le(2084524493),
]);

describe('scrypt proof of work', () => {
  it('gives the Litecoin genesis block its known PoW hash, under its target', () => {
    expect(reversed(sha256d(GENESIS)).toString('hex')).toBe('12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2');
    const pow = scryptPow(GENESIS);
    expect(reversed(pow).toString('hex')).toBe('0000050c34a64b415b6b15b37f2216634b5b1669cb9a2e38d76f7213b0671e00');
    expect(hashValue(pow) <= bitsToTarget('1e0ffff0')).toBe(true);
  });

  it('changes completely with the nonce and refuses anything but an 80-byte header', () => {
    const other = Buffer.from(GENESIS);
    other.writeUInt32LE(2084524494, 76);
    expect(hashValue(scryptPow(other)) > bitsToTarget('1e0ffff0')).toBe(true);
    expect(() => scryptPow(Buffer.alloc(79))).toThrow(/80 bytes/);
  });

  it('hashes the same on the thread pool as on the event loop', async () => {
    expect(reversed(await scryptPowAsync(GENESIS)).toString('hex')).toBe(
      '0000050c34a64b415b6b15b37f2216634b5b1669cb9a2e38d76f7213b0671e00',
    );
    await expect(scryptPowAsync(Buffer.alloc(81))).rejects.toThrow(/80 bytes/);
  });
});
