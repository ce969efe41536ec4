import { describe, expect, it } from 'vitest';
import { roundClosedBy } from './rounds.ts';

const pool = { feePpm: { pps: 20_000, prop: 10_000, solo: 15_000 } };
const block = (scheme: 'pps' | 'prop' | 'solo', coin = 'ltc') => ({
  coin,
  scheme,
  finder: 'ltc1qfinder',
  reward: 700n,
  fees: 75n,
});

describe('roundClosedBy: which round a block closes and what it pays', () => {
  it('PROP splits the whole reward among the prop round, at the prop fee', () => {
    expect(roundClosedBy(block('prop'), pool, undefined)).toEqual({
      roundCoin: 'ltc',
      round: 'prop',
      kind: 'block',
      distributable: 700n,
      feePpm: 10_000,
      soloFinder: null,
    });
  });

  it('PPS+ shares only the fees (the subsidy was paid share by share)', () => {
    expect(roundClosedBy(block('pps'), pool, undefined)).toMatchObject({
      round: 'pps',
      kind: 'fee_share',
      distributable: 75n,
      feePpm: 20_000,
    });
  });

  it('SOLO pays the finder alone, the whole reward at the solo fee', () => {
    expect(roundClosedBy(block('solo'), pool, undefined)).toMatchObject({
      round: 'solo',
      kind: 'solo',
      distributable: 700n,
      feePpm: 15_000,
      soloFinder: 'ltc1qfinder',
    });
  });

  it('a merge-mined child closes its round in the parent pool, whatever scheme it names', () => {
    expect(roundClosedBy(block('solo', 'doge'), undefined, { parent: 'ltc', feePpm: 10_000 })).toEqual({
      roundCoin: 'ltc',
      round: 'merge:doge',
      kind: 'merge',
      distributable: 700n,
      feePpm: 10_000,
      soloFinder: null,
    });
    // fb has a pool of its own too, but a block merge-mined under btc is btc's child.
    expect(roundClosedBy(block('prop', 'fb'), pool, { parent: 'btc', feePpm: 10_000 })).toMatchObject({ round: 'merge:fb' });
  });

  it('a block no pool pays is no round at all', () => {
    expect(roundClosedBy(block('prop', 'doge'), undefined, undefined)).toBeUndefined();
  });
});
