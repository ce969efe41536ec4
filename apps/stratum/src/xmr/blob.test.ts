/** Monero's block format against what monerod itself answered (0.18, regtest, height 1). */
import { describe, expect, it } from 'vitest';
import { blockId, hashingBlob, keccak, parseBlockTemplate, readVarint, treeHash, withExtraNonce, writeVarint } from './blob.ts';

// get_block_template (reserve_size 8) and its blockhashing_blob, as monerod answered them.
const TEMPLATE =
  '1010f48cabd806418015bb9ae982a1975da7d79277c2705727a56894ba0fb246adaabb1f4632e300000000023d01ff0101808080f0ffff0703abd7982efc11251e5f241325101edf5ee69cbb9f22411145241258394a3ad6ce342b01aa551887aecc593ad18640723ce3de6dfc06d775acb1716416a11eb9a2dbc22d020800000000000000000000';
const HASHING =
  '1010f48cabd806418015bb9ae982a1975da7d79277c2705727a56894ba0fb246adaabb1f4632e3000000002db44bf406ae39714d4a83ef074a54975bbbeb340595858d851b7fd2c9df9e0101';

describe('Monero blobs', () => {
  it('builds the hashing blob monerod builds, and a different one per extra nonce', () => {
    const template = parseBlockTemplate(Buffer.from(TEMPLATE, 'hex'), 126, 8);
    expect(template.nonceOffset).toBe(39);
    expect(template.txVersion).toBe(2);
    expect(template.txHashes).toEqual([]);
    expect(hashingBlob(template, template.blob).toString('hex')).toBe(HASHING);
    const mine = hashingBlob(template, withExtraNonce(template, Buffer.from('0102030405060708', 'hex')));
    expect(mine.length).toBe(HASHING.length / 2);
    expect(mine.subarray(0, 43).toString('hex')).toBe(HASHING.slice(0, 86));
    expect(mine.toString('hex')).not.toBe(HASHING);
    expect(blockId(mine)).toHaveLength(32);
  });

  it('refuses a template whose reserved bytes are not in the miner tx extra, or with trailing bytes', () => {
    expect(() => parseBlockTemplate(Buffer.from(TEMPLATE, 'hex'), 10, 8)).toThrow(/reserved bytes/);
    expect(() => parseBlockTemplate(Buffer.from(TEMPLATE + '00', 'hex'), 126, 8)).toThrow(/past its transactions/);
    expect(() => parseBlockTemplate(Buffer.from(TEMPLATE.slice(0, 100), 'hex'), 126, 8)).toThrow();
  });

  it('hashes the transaction tree as CryptoNote does (odd leaves pair first)', () => {
    const h = [1, 2, 3, 4, 5].map((n) => keccak(Buffer.from([n])));
    const pair = (a: Buffer, b: Buffer) => keccak(Buffer.concat([a, b]));
    expect(treeHash([h[0]!])).toEqual(h[0]);
    expect(treeHash([h[0]!, h[1]!])).toEqual(pair(h[0]!, h[1]!));
    // Three: the first leaf alone, the last two paired, then the root.
    expect(treeHash(h.slice(0, 3))).toEqual(pair(h[0]!, pair(h[1]!, h[2]!)));
    expect(treeHash(h.slice(0, 4))).toEqual(pair(pair(h[0]!, h[1]!), pair(h[2]!, h[3]!)));
    // Five: three leaves copied, the last two paired, then a tree of four.
    expect(treeHash(h)).toEqual(pair(pair(h[0]!, h[1]!), pair(h[2]!, pair(h[3]!, h[4]!))));
  });

  it('reads and writes varints, and refuses one that never ends', () => {
    for (const value of [0n, 127n, 128n, 300n, 2n ** 35n + 5n])
      expect(readVarint(writeVarint(value), 0)).toEqual([value, writeVarint(value).length]);
    expect(() => readVarint(Buffer.alloc(12, 0xff), 0)).toThrow(/bad varint/);
  });
});
