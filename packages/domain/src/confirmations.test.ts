import { describe, expect, it } from 'vitest';
import { blockConfirmations, confirmationsToGo } from './confirmations.ts';

describe('blockConfirmations', () => {
  it('follows the chain tip one block at a time: tip - height + 1', () => {
    const block = { height: 1000, status: 'pending' as const, reported: 1 };
    // The case: 36 blocks on top of the block, 37 confirmations, not the last event's 10.
    expect(blockConfirmations({ ...block, reported: 10 }, 1036, 100)).toBe(37);
    for (let tip = 1000; tip < 1099; tip++) expect(blockConfirmations(block, tip, 100)).toBe(tip - 1000 + 1);
  });

  it('stops at the maturity and never goes below 0', () => {
    expect(blockConfirmations({ height: 1000, status: 'pending' }, 5000, 100)).toBe(100);
    // A network sample older than the block: the tip is below it, no confirmation yet.
    expect(blockConfirmations({ height: 1000, status: 'pending' }, 998, 100)).toBe(0);
  });

  it('is the maturity once confirmed and 0 for an orphan', () => {
    expect(blockConfirmations({ height: 1000, status: 'confirmed' }, 1003, 100)).toBe(100);
    expect(blockConfirmations({ height: 1000, status: 'orphaned' }, 1003, 100)).toBe(0);
  });

  it('takes a tip the block’s own event proves when the sample is behind it (a fast chain)', () => {
    // Kaspa: the sample says 160,180,000, the block at 160,180,565 already reported 10.
    expect(blockConfirmations({ height: 160_180_565, status: 'pending', reported: 10 }, 160_180_000, 1000)).toBe(10);
    expect(blockConfirmations({ height: 160_180_565, status: 'pending', reported: 0 }, 160_180_000, 1000)).toBe(0);
  });

  it('keeps the last reported figure only while no tip is known', () => {
    expect(blockConfirmations({ height: 1000, status: 'pending', reported: 10 }, null, 100)).toBe(10);
    expect(blockConfirmations({ height: 1000, status: 'pending', reported: 500 }, undefined, 100)).toBe(100);
    expect(blockConfirmations({ height: 1000, status: 'pending' }, 0, 100)).toBe(0);
  });

  it('says how many blocks are still to come', () => {
    expect(confirmationsToGo({ height: 1000, status: 'pending' }, 1036, 100)).toBe(63);
    expect(confirmationsToGo({ height: 1000, status: 'confirmed' }, 1036, 100)).toBe(0);
    expect(confirmationsToGo({ height: 1000, status: 'orphaned' }, 1036, 100)).toBe(0);
  });
});
