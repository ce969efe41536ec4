import { describe, expect, it } from 'vitest';
import { pickDemoMiner } from './demo-miner.ts';
import { HOUR, recordSimulator, T0 } from './testing.ts';

describe('npm run demo:miner', () => {
  it('picks a home miner online through the last hour, with its workers and their IPs', () => {
    const { simulator } = recordSimulator({ coins: ['ltc', 'btc'], minersPerCoin: 20 });
    const steps = [0, 20, 40, 60].map((minutes) => simulator.onlineAt('ltc', T0 + HOUR + minutes * 60_000));
    const workers = pickDemoMiner(steps);
    expect(workers?.length).toBeGreaterThan(0);
    const miner = workers?.[0]?.miner;
    expect(miner?.farm).toBe(false);
    for (const step of steps) expect(step.some((entry) => entry.miner === miner)).toBe(true);
    for (const entry of workers ?? []) expect(entry.worker.ip).toMatch(/^\d{1,3}(\.\d{1,3}){3}$/);
  });
});
