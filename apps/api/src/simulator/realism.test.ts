import { beforeAll, describe, expect, it } from 'vitest';
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import type { MinedTicker } from '@openpool/domain/events';
import { hashesPerDifficulty, toUnits, unitDecimalsOf } from '@openpool/domain/pool-config';
import { algorithmOf, CHAINS } from './chains.ts';
import { DAY, HOUR, MINUTE, pool, recordSimulator, T0, type Recorded, type RecordedEvent } from './testing.ts';

const ENABLED: CoinTicker[] = [
  'btc', 'bch', 'ltc', 'kas', 'etc', 'rvn', 'erg', 'alph', 'xmr', 'zeph', 'sal', 'nexa', 'xna',
  'clore', 'rxd', 'kls', 'cfx', 'octa', 'ethw', 'quai', 'xec', 'dgb', 'xel', 'iron', 'fb',
]; // prettier-ignore
const STEP = 10 * MINUTE;

function byType(events: readonly RecordedEvent[], type: RecordedEvent['type'], coin?: string): RecordedEvent[] {
  return events.filter((event) => event.type === type && (coin === undefined || event.coin === coin));
}

function workersByAddress(shares: readonly RecordedEvent[]): Map<string, Set<string>> {
  const workers = new Map<string, Set<string>>();
  for (const share of shares) {
    const address = String(share.address);
    const set = workers.get(address) ?? new Set<string>();
    set.add(String(share.worker));
    workers.set(address, set);
  }
  return workers;
}

describe('the simulated population', () => {
  let hour: Recorded;
  beforeAll(async () => {
    hour = recordSimulator({ coins: ENABLED });
    await hour.simulator.run(T0, T0 + HOUR, 'backfill');
  });

  // The big coins' pools have four farms of 10-14 containers each (was one
  // farm of about 50 workers); no home miner runs more than 12 machines.
  it('gives the big coins four farms of containers behind a proxy, and every coin many small miners', () => {
    for (const coin of ENABLED) {
      const shares = byType(hour.events(`sim-${coin}`), 'share');
      const sizes = [...workersByAddress(shares).values()].map((set) => set.size);
      const proxied = new Set(shares.filter((share) => /proxy/.test(String(share.agent))).map((share) => String(share.address)));
      if (['btc', 'ltc', 'kas', 'etc', 'rvn', 'xmr'].includes(coin)) {
        expect(proxied.size, coin).toBe(4);
        expect(Math.max(...sizes), coin).toBeGreaterThanOrEqual(10);
      }
      expect(Math.max(...sizes), coin).toBeLessThanOrEqual(40);
      expect(sizes.filter((size) => size <= 2).length, coin).toBeGreaterThan(sizes.length / 2);
    }
  });

  it("reports each block's confirmations in order, an orphaning last", () => {
    for (const coin of ENABLED) {
      const statuses = byType(hour.events(`sim-${coin}`), 'block_status');
      const byHash = Map.groupBy(statuses, (status) => `${status.coin}:${String(status.hash)}`);
      for (const history of byHash.values()) {
        const depths = history.filter((status) => !status.orphaned).map((status) => Number(status.confirmations));
        expect(depths, coin).toEqual([...depths].sort((a, b) => a - b));
        expect(new Set(depths).size, coin).toBe(depths.length);
        expect(
          history.slice(0, -1).some((status) => status.orphaned),
          coin,
        ).toBe(false);
      }
    }
  });

  it('uses addresses, agents and schemes that look like each chain', () => {
    const shares = byType(hour.events(), 'share');
    const formats: Partial<Record<CoinTicker, RegExp>> = {
      btc: /^(bc1q[a-z0-9]{38}|bc1p[a-z0-9]{58}|[13][1-9A-HJ-NP-Za-km-z]{33})$/,
      ltc: /^(ltc1q[a-z0-9]{38}|[LM][1-9A-HJ-NP-Za-km-z]{33})$/,
      etc: /^0x[0-9a-f]{40}$/,
      xmr: /^4[0-9AB][1-9A-HJ-NP-Za-km-z]{93}$/,
      kas: /^kaspa:[a-z0-9]{61}$/,
      rvn: /^R[1-9A-HJ-NP-Za-km-z]{33}$/,
      nexa: /^nexa:nqtsq5g5[a-z0-9]{40}$/,
    };
    for (const [coin, format] of Object.entries(formats)) {
      for (const share of shares.filter((event) => event.coin === coin)) expect(share.address, coin).toMatch(format);
    }
    const xmrAgents = new Set(shares.filter((share) => share.coin === 'xmr').map((share) => String(share.agent)));
    expect([...xmrAgents].every((agent) => /XMRig|SRBMiner|xmrig-proxy/.test(agent))).toBe(true);
    for (const coin of ['xmr', 'zeph', 'sal'] as const) {
      expect(
        shares.some((share) => share.coin === coin && share.scheme === 'pps'),
        coin,
      ).toBe(false);
    }
    const schemes = new Set(shares.map((share) => String(share.scheme)));
    expect(
      shares.every((share) => /^\d{1,3}(\.\d{1,3}){3}$/.test(String(share.ip)) && /^[A-Z]{2}$/.test(String(share.country))),
    ).toBe(true);
    expect([...schemes].sort()).toEqual(['pps', 'prop', 'solo']);
    expect(pool.coins.get('xmr')?.schemes).not.toContain('pps');
  });
});

describe('a simulated day', () => {
  const coins: CoinTicker[] = ['ltc', 'kas', 'xmr', 'etc'];
  let day: Recorded;
  beforeAll(async () => {
    day = recordSimulator({ coins });
    await day.simulator.run(T0, T0 + DAY, 'backfill');
  });

  it('has share difficulty that adds up to the configured pool hashrate (within 15 %)', () => {
    for (const coin of coins) {
      const valid = byType(day.events(`sim-${coin}`), 'share').filter((share) => share.status === 'valid');
      const difficulty = valid.reduce((sum, share) => sum + Number(share.difficulty), 0);
      const measured = (difficulty * (pool.coins.get(coin)?.hashesPerDifficulty ?? 0)) / (DAY / 1000);
      let configured = 0;
      for (let t = T0; t < T0 + DAY; t += STEP) configured += day.simulator.poolHashrate(coin, t) / (DAY / STEP);
      expect(measured / configured, coin).toBeGreaterThan(0.85);
      expect(measured / configured, coin).toBeLessThan(1.15);
      // ... and the configured hashrate is the pool's intended share of the network.
      const intended = CHAINS[coin].poolShare * CHAINS[coin].networkHashrate;
      expect(configured / intended, coin).toBeGreaterThan(0.6);
      expect(configured / intended, coin).toBeLessThan(1.6);
    }
  });

  it('has about 1-2 % stale and 0.3 % invalid work', () => {
    const shares = byType(day.events(), 'share');
    const work = (status: string) =>
      shares.filter((share) => share.status === status).reduce((sum, share) => sum + Number(share.difficulty) / 1e6, 0);
    const total = work('valid') + work('stale') + work('invalid');
    expect(work('stale') / total).toBeGreaterThan(0.007);
    expect(work('stale') / total).toBeLessThan(0.025);
    expect(work('invalid') / total).toBeGreaterThan(0.001);
    expect(work('invalid') / total).toBeLessThan(0.006);
  });

  it('finds blocks at the Poisson rate of pool over network hashrate', () => {
    const events = day.events('sim-kas');
    const networkAt = new Map(byType(events, 'network').map((sample) => [sample.at, Number(sample.hashrate)]));
    let expected = 0;
    for (let t = T0; t < T0 + DAY; t += STEP) {
      expected += ((day.simulator.poolHashrate('kas', t) / (networkAt.get(t) ?? Infinity)) * STEP) / CHAINS.kas.blockTimeMs;
    }
    const found = byType(events, 'block', 'kas').length;
    expect(expected).toBeGreaterThan(300);
    expect(Math.abs(found - expected)).toBeLessThan(4 * Math.sqrt(expected) + 0.03 * expected);
  });

  it('keeps network difficulty consistent with network hashrate and block time', () => {
    const samples = byType(day.events(), 'network');
    expect(new Set(samples.map((sample) => sample.coin))).toEqual(new Set([...coins, 'doge', 'pep', 'bells']));
    for (const sample of samples) {
      const coin = sample.coin as MinedTicker;
      const implied = (Number(sample.difficulty) * hashesPerDifficulty(algorithmOf(coin))) / (CHAINS[coin].blockTimeMs / 1000);
      expect(implied / Number(sample.hashrate)).toBeCloseTo(1, 5);
      expect(sample.reward).toBe(toUnits(CHAINS[coin].subsidy, unitDecimalsOf(pool, coin)).toString());
    }
  });

  it('confirms blocks step by step to the required depth, orphaning about 2 %', () => {
    const events = day.events('sim-kas');
    const required = pool.coins.get('kas')?.confirmations ?? 0;
    const statuses = new Map<string, RecordedEvent[]>();
    for (const status of byType(events, 'block_status'))
      statuses.set(String(status.hash), [...(statuses.get(String(status.hash)) ?? []), status]);
    const settled = byType(events, 'block', 'kas').filter(
      (block) => block.at < T0 + DAY - required * CHAINS.kas.blockTimeMs - 10_000,
    );
    let orphans = 0;
    for (const block of settled) {
      const history = statuses.get(String(block.hash)) ?? [];
      expect(history.length).toBeLessThanOrEqual(4);
      for (const status of history) expect(status.at).toBeGreaterThan(block.at);
      const last = history[history.length - 1];
      if (last?.orphaned) orphans += 1;
      else expect(last?.confirmations).toBe(required);
      expect(history.slice(0, -1).every((status) => status.orphaned === false)).toBe(true);
    }
    expect(settled.length).toBeGreaterThan(300);
    expect(orphans / settled.length).toBeGreaterThan(0.005);
    expect(orphans / settled.length).toBeLessThan(0.05);
  });
});

describe('a simulated week', () => {
  let week: Recorded;
  beforeAll(async () => {
    week = recordSimulator({ coins: ['btc', 'ltc'] });
    await week.simulator.run(T0, T0 + 7 * DAY, 'backfill');
  });

  it('has miners who stop for good and workers who go offline for hours', () => {
    for (const coin of ['btc', 'ltc']) {
      const shares = byType(week.events(`sim-${coin}`), 'share');
      const firstDay = new Set(shares.filter((share) => share.at < T0 + DAY).map((share) => String(share.address)));
      const lastDay = new Set(shares.filter((share) => share.at >= T0 + 6 * DAY).map((share) => String(share.address)));
      const left = [...firstDay].filter((address) => !lastDay.has(address));
      const joined = [...lastDay].filter((address) => !firstDay.has(address));
      expect(left.length, coin).toBeGreaterThan(0);
      expect(joined.length, coin).toBeGreaterThan(0);
      // A worker of a miner who stayed, missing from some steps in between: an outage.
      const stepsOf = new Map<string, Set<number>>();
      for (const share of shares) {
        const key = `${String(share.address)}/${String(share.worker)}`;
        stepsOf.set(key, (stepsOf.get(key) ?? new Set()).add(Math.floor(share.at / STEP)));
      }
      const gappy = [...stepsOf.values()].filter((steps) => steps.size > 500 && steps.size < (7 * DAY) / STEP - 6);
      expect(gappy.length, coin).toBeGreaterThan(0);
    }
  });

  it('finds Bitcoin blocks rarely, about one a day or fewer', () => {
    const blocks = byType(week.events('sim-btc'), 'block', 'btc');
    expect(blocks.length).toBeLessThanOrEqual(14);
    expect(COINS.btc.mergedCoins).toEqual(['fb']);
  });
});
