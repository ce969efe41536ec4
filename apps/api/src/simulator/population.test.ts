/**
 * A believable demo: every simulated worker is catalogue hardware at its
 * published hashrate, and no miner but a farm holds a large part of its pool.
 */
import { describe, expect, it } from 'vitest';
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import { CHAINS } from './chains.ts';
import { bundledCatalogue, devicesFor, shortName } from './devices.ts';
import { createPopulation, STEP_MS, type Miner, type Population } from './population.ts';
import { seedKey } from './random.ts';
import { DAY, pool, T0 } from './testing.ts';

const ENABLED: CoinTicker[] = [
  'btc', 'bch', 'ltc', 'kas', 'etc', 'rvn', 'erg', 'alph', 'xmr', 'zeph', 'sal', 'nexa', 'xna',
  'clore', 'rxd', 'kls', 'cfx', 'octa', 'ethw', 'quai', 'xec', 'dgb', 'xel', 'iron', 'fb',
]; // prettier-ignore
const catalogue = bundledCatalogue();

function population(coin: CoinTicker, miners = 20): Population {
  const chain = CHAINS[coin];
  return createPopulation({
    seed: seedKey(20261121),
    coin,
    miners,
    schemes: pool.coins.get(coin)?.schemes ?? ['pps'],
    targetHashrate: chain.poolShare * chain.networkHashrate,
    hardware: catalogue,
  });
}

/** Each miner's mean hashrate over a day, H/s, and the pool's. */
function dayOf(coin: CoinTicker): { miners: Map<Miner, number>; pool: number } {
  const miners = new Map<Miner, number>();
  let total = 0;
  const first = T0 / STEP_MS;
  const simulated = population(coin);
  for (let step = first; step < first + DAY / STEP_MS; step++) {
    for (const { miner, hashrate } of simulated.at(step).online) {
      miners.set(miner, (miners.get(miner) ?? 0) + hashrate / (DAY / STEP_MS));
      total += hashrate / (DAY / STEP_MS);
    }
  }
  return { miners, pool: total };
}

describe('the simulated hardware', () => {
  it("runs every worker at its machines' published hashrate", () => {
    for (const coin of ENABLED) {
      const figures = new Map(devicesFor(catalogue, COINS[coin].algorithm).map((device) => [device.name, device.hashrate]));
      for (const { miner, worker, hashrate } of population(coin).at(T0 / STEP_MS).online) {
        const figure = figures.get(miner.device);
        // Radiant's and Sedra's algorithms have no published per-card figures: anonymous rigs.
        if (figure === undefined) {
          expect(miner.device, coin).toBe('GPU rig');
          continue;
        }
        const machines = miner.machines[miner.workers.indexOf(worker)] ?? 0;
        // Within a few percent per machine, and the miner's slow drift of up to 8 %.
        const ratio = hashrate / (machines * figure);
        expect(ratio, `${coin} ${worker.name}`).toBeGreaterThan(0.85);
        expect(ratio, `${coin} ${worker.name}`).toBeLessThan(1.15);
      }
    }
  });

  it('names a worker after the machine it is, never after another', () => {
    for (const coin of ['btc', 'ltc', 'kas', 'rvn', 'xmr'] as const) {
      const shorts = new Set(devicesFor(catalogue, COINS[coin].algorithm).map((device) => shortName(device.name)));
      for (const { miner, worker } of population(coin).at(T0 / STEP_MS).online) {
        const named = [...shorts].filter((short) => new RegExp(`(^|[.-])${short}([.-]|$)`).test(worker.name));
        if (named.length > 0) expect(named, `${coin} ${worker.name} on ${miner.device}`).toContain(shortName(miner.device));
      }
    }
  });

  it('has an Antminer S21 at about 200 TH/s and an Avalon Nano 3 at about 4 TH/s', () => {
    const figure = (name: string) => devicesFor(catalogue, 'sha256d').find((device) => device.name === name)?.hashrate ?? 0;
    expect(figure('Antminer S21')).toBeGreaterThan(180e12);
    expect(figure('Antminer S21')).toBeLessThan(220e12);
    expect(figure('Avalon Nano 3')).toBeGreaterThan(3e12);
    expect(figure('Avalon Nano 3')).toBeLessThan(5e12);
  });
});

describe('the simulated pools', () => {
  it('are about the size each pool is meant to be, and no home miner holds more than 15 % of one', () => {
    for (const coin of ENABLED) {
      const day = dayOf(coin);
      const intended = CHAINS[coin].poolShare * CHAINS[coin].networkHashrate;
      expect(day.pool / intended, coin).toBeGreaterThan(0.6);
      expect(day.pool / intended, coin).toBeLessThan(1.4);
      for (const [miner, hashrate] of day.miners) {
        if (!miner.farm) expect(hashrate / day.pool, `${coin} ${miner.address}`).toBeLessThan(0.15);
      }
    }
  });

  it("gives a big pool's share to farms of many workers, none of them most of the pool", () => {
    for (const coin of ['btc', 'ltc', 'kas', 'etc', 'rvn', 'xmr'] as const) {
      const day = dayOf(coin);
      const farms = [...day.miners].filter(([miner]) => miner.farm);
      expect(farms.length, coin).toBe(4);
      for (const [miner, hashrate] of farms) {
        expect(miner.workers.length, coin).toBeGreaterThanOrEqual(10);
        expect(hashrate / day.pool, coin).toBeLessThan(0.45);
      }
    }
  });
});
