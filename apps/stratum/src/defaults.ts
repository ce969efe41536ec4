/** The pool's stratum settings that are not worth an environment variable (decision 013). */
import type { RewardScheme } from '@openpool/domain/address';
import type { SessionOptions } from './session.ts';

export function sessionOptions(initialDifficulty: number, defaultScheme: RewardScheme): SessionOptions {
  return {
    defaultScheme,
    schemes: ['pps', 'prop', 'solo'],
    initialDifficulty,
    // A share every 10 s per connection; 2^-12 lets a slow CPU miner in, 2^32 covers farms.
    vardiff: { targetSeconds: 10, retargetSeconds: 30, min: 1 / 4096, max: 2 ** 32 },
    versionMask: 0x1fffe000,
    difficultyGraceMs: 15_000,
  };
}

/** 20 rejected shares in a row from an address or IP, and it waits 10 minutes. */
export const BANS = { minInvalid: 20, banMs: 10 * 60_000 };
