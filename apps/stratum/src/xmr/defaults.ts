/** The Monero stratum's settings that are not worth an environment variable (decision 031). */
import type { RewardScheme } from '@openpool/domain/address';
import type { XmrSessionOptions } from './session.ts';

export function xmrSessionOptions(initialDifficulty: number, defaultScheme: RewardScheme = 'prop'): XmrSessionOptions {
  return {
    defaultScheme,
    // RandomX pools pay PROP or solo: no PPS on xmr (packages/domain pool config).
    schemes: ['prop', 'solo'],
    initialDifficulty,
    // A share every 30 s per connection; difficulty counts hashes, so 1 is the floor.
    vardiff: { targetSeconds: 30, retargetSeconds: 90, min: 1, max: 2 ** 40 },
  };
}
