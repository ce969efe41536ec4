import { describe, expect, it } from 'vitest';
import { connectionState, type WorkerRow } from './connection-state';

const row = (overrides: Partial<WorkerRow>): WorkerRow => ({
  worker: 'rig01',
  status: 'online',
  hashrate_10m: 0,
  avg_hashrate_30m: 0,
  valid: 1,
  stale: 0,
  invalid: 0,
  last_share: 1_000,
  first_share: 900,
  first_share_difficulty: 65_536,
  last_share_difficulty: 131_072,
  hashrate_so_far: null,
  ...overrides,
});

describe('connectionState', () => {
  it('waits while the API knows no such miner or worker', () => {
    expect(connectionState(null, 'rig01', 500)).toEqual({ kind: 'waiting', since: 500, otherWorkers: [], lastSeen: null });
    expect(connectionState([row({ worker: 'other' })], 'rig01', 500).kind).toBe('waiting');
  });

  it('while waiting, names the workers of the address that do send shares under another name', () => {
    const state = connectionState(
      [row({ worker: 'rig1' }), row({ worker: 'Rig-01' }), row({ worker: 'old', last_share: 100 })],
      'rig01',
      500,
    );
    expect(state).toEqual({ kind: 'waiting', since: 500, otherWorkers: ['Rig-01', 'rig1'], lastSeen: null });
  });

  it('ignores shares from before the check started, and says when the address last mined', () => {
    expect(connectionState([row({ last_share: 400 }), row({ worker: 'b', last_share: 300 })], 'rig01', 500)).toEqual({
      kind: 'waiting',
      since: 500,
      otherWorkers: [],
      lastSeen: 400,
    });
  });

  it('reports the first share of the named worker, case-insensitively, with its figures', () => {
    const state = connectionState([row({ worker: 'Rig01', valid: 3, stale: 1, invalid: 1, hashrate_10m: 5e6 })], 'rig01', 500);
    expect(state).toEqual({
      kind: 'connected',
      worker: 'Rig01',
      firstShare: 900,
      lastShare: 1_000,
      firstDifficulty: 65_536,
      currentDifficulty: 131_072,
      valid: 3,
      rejected: 2,
      hashrate: 5e6,
      awaitingSecondShare: false,
      online: true,
    });
  });

  it("takes a new worker's hashrate since its first share, and waits for a second share to have one", () => {
    const many = connectionState([row({ hashrate_so_far: 2e6, hashrate_10m: 0 })], 'rig01', 500);
    expect(many.kind === 'connected' && [many.hashrate, many.awaitingSecondShare]).toEqual([2e6, false]);
    const one = connectionState([row({ hashrate_so_far: 0, hashrate_10m: 0 })], 'rig01', 500);
    expect(one.kind === 'connected' && [one.hashrate, one.awaitingSecondShare]).toEqual([0, true]);
  });

  it('without a worker name, takes the most recent worker of the address', () => {
    const state = connectionState([row({ worker: 'a', last_share: 900 }), row({ worker: 'b', last_share: 1_200 })], '', 500);
    expect(state.kind === 'connected' && state.worker).toBe('b');
  });
});
