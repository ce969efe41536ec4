import { describe, expect, it } from 'vitest';
import { readTarget } from './miner.ts';
import { difficultyToTarget, hashDifficulty, meetsDifficulty, parseXmrRequest, splitXmrLogin } from './protocol.ts';
import { parseXmrPass } from './session.ts';

describe('XMRig protocol pieces', () => {
  it('sends targets a miner reads as at least the difficulty the pool judges by', () => {
    for (const difficulty of [1, 2, 3, 40, 1000, 65_535, 65_536, 120_001, 2 ** 33 + 7]) {
      const target = difficultyToTarget(difficulty);
      expect(target).toHaveLength(difficulty < 65_536 ? 8 : 16);
      const read = readTarget(target);
      expect(read.difficulty).toBeGreaterThanOrEqual(difficulty);
      expect(read.difficulty / difficulty).toBeLessThan(1.0001);
      // A hash just under the miner's target meets the pool's difficulty.
      const hash = Buffer.alloc(32, 0xff);
      hash.writeBigUInt64LE(read.target64 - 1n, 24);
      expect(meetsDifficulty(hash, BigInt(difficulty))).toBe(true);
    }
  });

  it('measures a hash’s difficulty', () => {
    const hash = Buffer.alloc(32);
    hash[31] = 0x01; // 2^248
    expect(hashDifficulty(hash)).toBe(255);
    expect(meetsDifficulty(hash, 255n)).toBe(true);
    expect(meetsDifficulty(hash, 256n)).toBe(false);
  });

  it('splits logins and passwords', () => {
    expect(splitXmrLogin('4abc')).toEqual({ address: '4abc' });
    expect(splitXmrLogin('4abc.rig1')).toEqual({ address: '4abc', worker: 'rig1' });
    expect(splitXmrLogin('4abc+5000')).toEqual({ address: '4abc', difficulty: 5000 });
    expect(splitXmrLogin('4abc.rig1+5000')).toEqual({ address: '4abc', worker: 'rig1', difficulty: 5000 });
    expect(splitXmrLogin('4abc+junk')).toEqual({ address: '4abc' });
    expect(parseXmrPass('x')).toEqual({});
    expect(parseXmrPass('rig7')).toEqual({ worker: 'rig7' });
    expect(parseXmrPass('d=300,s=solo')).toEqual({ difficulty: 300, scheme: 'solo' });
    expect(parseXmrPass('d=-1')).toEqual({});
  });

  it('parses requests with named parameters and refuses garbage', () => {
    expect(parseXmrRequest('{"id":1,"method":"login","params":{"login":"a"}}')).toEqual({
      id: 1,
      method: 'login',
      params: { login: 'a' },
    });
    expect(parseXmrRequest('nope')).toEqual({ invalid: 'not JSON' });
    expect(parseXmrRequest('[1]')).toEqual({ invalid: 'not a JSON-RPC object' });
    expect(parseXmrRequest('{"id":{},"method":"x"}')).toEqual({ invalid: 'bad id' });
  });
});
