/**
 * The simulated miners of one coin's pool. A fixed number of miner "slots": slot 0 is a big
 * farm that never leaves; every other slot is held by a succession of miners, each staying
 * for weeks to months (a tenure), so that over a week some miners leave for good and new
 * ones join while the pool's size stays about the same. Who holds a slot at a time, which of
 * their workers are online and how fast they hash are pure functions of (seed, coin, time).
 * Just over 300 lines: the tables of sizes, countries and schemes belong next to the one
 * function that reads them.
 */
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import type { RewardScheme } from '@openpool/domain/address';
import { minerAddress } from './addresses.ts';
import { agentChoices, devicesFor } from './devices.ts';
import { createRng, hash, keyOf, uniform, valueNoise, type Rng } from './random.ts';
import { workerNames } from './worker-names.ts';

export const STEP_MS = 600_000;
/** Live shares and all other non-backfill events stay before the step's last second (see simulator.ts). */
export const FINE_WINDOW_MS = 599_000;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Fraction of nominal hashrate online on average (outages, gaps between tenures). */
const ONLINE_FRACTION = 0.95;

const PURPOSE = {
  slot: keyOf('slot'),
  size: keyOf('size'),
  identity: keyOf('identity'),
  minerOutage: keyOf('miner-outage'),
  workerOutage: keyOf('worker-outage'),
  drift: keyOf('drift'),
  expected: keyOf('expected-size'),
} as const;

export interface Worker {
  name: string;
  ip: string;
  agent: string;
  /** This worker's part of its miner's hashrate. */
  weight: number;
  key: number;
  /** Vardiff: in live mode one share about every this many ms. */
  shareIntervalMs: number;
  /** Shares per step at that interval (backfill folds them into one event). */
  sharesPerStep: number;
  staleRate: number;
  invalidRate: number;
  /** The constant tail of this worker's share events, pre-serialised. */
  shareFields: string;
}

export interface Miner {
  slot: number;
  generation: number;
  key: number;
  address: string;
  scheme: RewardScheme;
  country: string;
  device: string;
  /** Nominal hashrate in H/s, before its slow drift. */
  hashrate: number;
  joinMs: number;
  leaveMs: number;
  workers: Worker[];
}

export interface OnlineWorker {
  miner: Miner;
  worker: Worker;
  /** H/s during the step. */
  hashrate: number;
}

export interface StepPopulation {
  step: number;
  online: OnlineWorker[];
  hashrateByScheme: Record<RewardScheme, number>;
}

export interface Population {
  coin: CoinTicker;
  at(step: number): StepPopulation;
}

interface Slot {
  index: number;
  farm: boolean;
  tenureMs: number;
  phaseMs: number;
  generations: Map<number, Miner>;
}

interface MinerSize {
  /** Relative hashrate of each worker, in units of one typical machine. */
  units: number[];
}

// Weighted by repetition: where farms and home miners connect from.
const FARM_COUNTRIES = 'US US US CA RU KZ PY NO SE FI IS ET MY AR'.split(' ');
const HOME_COUNTRIES = 'US US DE DE RU RU GB FR NL PL UA BR TR VN CN JP KR AU ES IT CZ CA IN'.split(' ');
// First octets of public unicast space; none of 0, 10, 100, 127, 169, 172, 192, 224+.
const PUBLIC_OCTETS = [
  5, 23, 31, 37, 45, 46, 62, 66, 73, 78, 79, 82, 85, 89, 91, 95, 98, 104, 109, 128, 151, 176, 178, 185, 188, 195, 203, 212, 213,
  217,
];

/** Heavy tail: most miners run one machine, a few run dozens. */
function workerCount(u: number, rng: Rng): number {
  if (u < 0.72) return 1;
  if (u < 0.87) return 2;
  if (u < 0.92) return 3;
  if (u < 0.96) return rng.int(4, 6);
  if (u < 0.99) return rng.int(7, 12);
  return rng.int(13, 24);
}

function minerSize(key: number, farm: boolean): MinerSize {
  const rng = createRng(hash(key, PURPOSE.size));
  if (farm) {
    // One make and model, racked: machines within a few percent of each other.
    const count = rng.int(45, 50);
    return { units: Array.from({ length: count }, () => Math.exp(0.1 * (rng.next() - 0.5))) };
  }
  // Some miners point a whole farm at the pool through one proxy: one worker, a big hashrate.
  if (rng.next() < 0.05) return { units: [10 + 30 * rng.next()] };
  const count = workerCount(rng.next(), rng);
  const minerScale = Math.exp(0.7 * (rng.next() + rng.next() + rng.next() - 1.5));
  return { units: Array.from({ length: count }, () => minerScale * (0.6 + 0.8 * rng.next())) };
}

function schemeFor(u: number, allowed: readonly RewardScheme[], farm: boolean): RewardScheme {
  const has = (scheme: RewardScheme) => allowed.includes(scheme);
  if (!farm && u < 0.1 && has('solo')) return 'solo';
  if (!farm && u < 0.25 && has('prop')) return 'prop';
  if (has('pps')) return 'pps';
  if (has('prop')) return 'prop';
  return allowed[0] ?? 'pps';
}

function ipOf(rng: Rng): [string, number] {
  return [`${rng.pick(PUBLIC_OCTETS)}.${rng.int(0, 255)}.${rng.int(0, 255)}`, rng.int(2, 200)];
}

export interface PopulationOptions {
  seed: number;
  coin: CoinTicker;
  miners: number;
  schemes: readonly RewardScheme[];
  /** The pool's configured hashrate for this coin, H/s (all miners at their nominal speed). */
  targetHashrate: number;
}

/**
 * Coins with a 50-machine farm among their miners. Not every coin: each worker is a row per
 * 10 minutes of history, and the demo must backfill a week within a minute of `npm start`.
 */
const FARM_COINS: ReadonlySet<string> = new Set(['btc', 'ltc', 'kas', 'etc', 'rvn', 'xmr']);

export function createPopulation(options: PopulationOptions): Population {
  const { seed, coin, schemes } = options;
  const algorithm = COINS[coin].algorithm;
  const coinKey = hash(seed, keyOf(coin));
  const slots: Slot[] = Array.from({ length: Math.max(1, options.miners) }, (_, index) => {
    const u = uniform(coinKey, PURPOSE.slot, index);
    // Tenures of 10 to 180 days (log-uniform): about one miner in five changes in a week.
    const tenureMs = index === 0 ? Infinity : 10 * DAY * Math.exp(u * Math.log(18));
    return {
      index,
      farm: index === 0 && FARM_COINS.has(coin),
      tenureMs,
      phaseMs: uniform(coinKey, PURPOSE.slot, index, 1) * 180 * DAY,
      generations: new Map(),
    };
  });
  const unitHashrate = options.targetHashrate / (expectedUnits(coinKey, slots.length) * ONLINE_FRACTION);

  function createMiner(slot: Slot, generation: number): Miner {
    const key = hash(coinKey, slot.index, generation);
    const rng = createRng(hash(key, PURPOSE.identity));
    const units = minerSize(key, slot.farm).units;
    const total = units.reduce((sum, unit) => sum + unit, 0);
    const device = rng.pick(devicesFor(algorithm));
    const agents = agentChoices(algorithm, device);
    const agent = rng.pick(agents);
    const mixedAgents = rng.next() < 0.15;
    const address = minerAddress(coin, rng);
    const scheme = schemeFor(rng.next(), schemes, slot.farm);
    const country = rng.pick(slot.farm || units.length > 12 ? FARM_COUNTRIES : HOME_COUNTRIES);
    const [subnet, host] = ipOf(rng);
    const names = workerNames(device, units.length, rng);
    const shareIntervalMs = 15_000 + rng.int(0, 15_000);
    const start = slot.farm ? -Infinity : generation * slot.tenureMs - slot.phaseMs;
    const gapMs = slot.farm ? 0 : rng.next() * Math.min(2 * DAY, 0.1 * slot.tenureMs);
    const workers = units.map((unit, index): Worker => {
      // Home miners' rigs share one public address behind NAT; farms spread over a subnet.
      const ip = `${subnet}.${units.length <= 3 ? host : 10 + index}`;
      const name = names[index] ?? `rig${index + 1}`;
      const workerAgent = mixedAgents ? rng.pick(agents) : agent;
      const fields = { coin, address, worker: name, scheme, ip, agent: workerAgent, country };
      return {
        name,
        ip,
        agent: workerAgent,
        weight: unit / total,
        key: hash(key, index, 0x3e3),
        shareIntervalMs,
        sharesPerStep: Math.floor(FINE_WINDOW_MS / shareIntervalMs),
        staleRate: 0.005 + 0.025 * rng.next() ** 2,
        invalidRate: 0.001 + 0.006 * rng.next() ** 2,
        shareFields: `,${JSON.stringify(fields).slice(1)}`,
      };
    });
    return {
      slot: slot.index,
      generation,
      key,
      address,
      scheme,
      country,
      device: device.name,
      hashrate: total * unitHashrate,
      joinMs: start + gapMs,
      leaveMs: slot.farm ? Infinity : start + slot.tenureMs,
      workers,
    };
  }

  function minerOf(slot: Slot, generation: number): Miner {
    let miner = slot.generations.get(generation);
    if (!miner) {
      miner = createMiner(slot, generation);
      slot.generations.set(generation, miner);
    }
    return miner;
  }

  function generationAt(slot: Slot, timeMs: number): number {
    return slot.farm ? 0 : Math.floor((timeMs + slot.phaseMs) / slot.tenureMs);
  }

  // Shares, blocks and `poolHashrate` ask for the same few steps in turn.
  const recent = new Map<number, StepPopulation>();
  function at(step: number): StepPopulation {
    let population = recent.get(step);
    if (!population) {
      population = computeAt(step);
      recent.set(step, population);
      if (recent.size > 4) recent.delete(recent.keys().next().value ?? step);
    }
    return population;
  }

  function computeAt(step: number): StepPopulation {
    const mid = step * STEP_MS + STEP_MS / 2;
    const online: OnlineWorker[] = [];
    const hashrateByScheme: Record<RewardScheme, number> = { pps: 0, prop: 0, solo: 0 };
    for (const slot of slots) {
      const miner = minerOf(slot, generationAt(slot, mid));
      if (mid < miner.joinMs || mid >= miner.leaveMs) continue;
      if (inOutage(miner.key ^ PURPOSE.minerOutage, mid, DAY, slot.farm ? 0.01 : 0.07, 10 * HOUR)) continue;
      const drift =
        1 +
        0.05 * valueNoise(miner.key ^ PURPOSE.drift, mid, DAY) +
        0.03 * valueNoise(miner.key ^ PURPOSE.drift ^ 1, mid, 3 * HOUR);
      for (const worker of miner.workers) {
        if (inOutage(worker.key ^ PURPOSE.workerOutage, mid, 6 * HOUR, 0.05, 6 * HOUR)) continue;
        const hashrate = miner.hashrate * drift * worker.weight;
        online.push({ miner, worker, hashrate });
        hashrateByScheme[miner.scheme] += hashrate;
      }
    }
    return { step, online, hashrateByScheme };
  }

  return { coin, at };
}

/**
 * Outages: in each period an outage starts with probability `chance`, at a random moment,
 * lasting up to `maxMs` (no longer than one period, so only this and the previous period
 * can cover `timeMs`).
 */
function inOutage(key: number, timeMs: number, periodMs: number, chance: number, maxMs: number): boolean {
  const period = Math.floor(timeMs / periodMs);
  for (let p = period; p >= period - 1; p--) {
    if (uniform(key, p) >= chance) continue;
    const start = p * periodMs + uniform(key, p, 1) * periodMs;
    const length = maxMs * (0.1 + 0.9 * uniform(key, p, 2));
    if (timeMs >= start && timeMs < start + length) return true;
  }
  return false;
}

/** Mean total size of a population in machine units, so hashrates can be scaled to the target. */
function expectedUnits(coinKey: number, slotCount: number): number {
  const sum = (units: number[]) => units.reduce((total, unit) => total + unit, 0);
  const farm = sum(minerSize(hash(coinKey, 0, 0), true).units);
  const samples = 4000;
  let small = 0;
  for (let i = 0; i < samples; i++) small += sum(minerSize(hash(coinKey, PURPOSE.expected, i), false).units);
  return farm + ((slotCount - 1) * small) / samples;
}
