import { describe, expect, it } from 'vitest';
import { apiPaths, isPoolWidePath } from './api-paths';

describe('isPoolWidePath', () => {
  it('holds every path builder to one side: pool-wide answers may be reused, a miner’s never', () => {
    const address = 'bc1q/odd address';
    const poolWide = new Set(['pools', 'merged', 'rates', 'limits', 'poolStats', 'poolChart', 'networkChart', 'topMiners']);
    for (const [name, build] of Object.entries(apiPaths)) {
      const path = (build as (...args: string[]) => string)('btc', address, 'rig-1');
      expect([name, isPoolWidePath(path)]).toEqual([name, poolWide.has(name)]);
    }
  });

  it('does not take a look-alike for a pool-wide path', () => {
    expect(isPoolWidePath('/btc/api/v1/pool/stats/extra')).toBe(false);
    expect(isPoolWidePath('/btc/api/v1/miner/stats/x')).toBe(false);
    expect(isPoolWidePath('/a/b/api/v1/pool/stats')).toBe(false);
  });
});
