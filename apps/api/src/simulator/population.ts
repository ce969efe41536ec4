/**
 * The simulated miners of one coin's pool, a believable demo. Every worker is real hardware of
 * the catalogue (devices.ts): a home miner runs one to twelve machines of one model, a GPU
 * miner rigs of one to eight cards, each at its published hashrate. What a pool of that coin's
 * size needs beyond its home miners comes from a few farms: each runs one current model by the
 * hundred, in containers or racks that each reach the pool through a farm proxy as one worker.
 * No single miner holds most of a pool unless it is one of those farms.
 *
 * A fixed number of miner "slots": the farms' slots never change hands; every other slot is
 * held by a succession of miners, each staying for weeks to months (a tenure), so that over a
 * week some miners leave for good and new ones join while the pool's size stays about the
 * same. Who holds a slot at a time, which of their workers are online and how fast they hash
 * are pure functions of (seed, coin, time).
 * Over 300 lines and one job: slots, tenures, outages and the farms' sizing all draw from the
 * same per-coin keys and device list inside createPopulation.
 */
import { COINS, type CoinTicker } from '@openpool/domain/coins';
import type { RewardScheme } from '@openpool/domain/address';
import type { HardwareCatalogue } from '@openpool/domain/hardware';
import { minerAddress } from './addresses.ts';
import { agentChoices, devicesFor, FARM_PROXIES, type Device } from './devices.ts';
import { farmFleet, farmPlan, homeRig, type MinerSize } from './fleet.ts';
import { createRng, hash, keyOf, uniform, valueNoise, type Rng } from './random.ts';
import { farmWorkerNames, workerNames } from './worker-names.ts';

export const STEP_MS = 600_000;
/** Live shares and all other non-backfill events stay before the step's last second (see simulator.ts). */
export const FINE_WINDOW_MS = 599_000;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Fraction of nominal hashrate online on average (outages, gaps between tenures). */
const ONLINE_FRACTION = 0.95;
/** The most of its pool one home miner runs (farms are the pool's big miners). */
const HOME_LIMIT = 0.12;

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
  /** One of the pool's farms (their slots never change hands); every other miner is a home or small miner. */
  farm: boolean;
  /** Machines (cards, for GPU rigs) behind each worker. */
  machines: number[];
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
  /** The farm this slot holds (farmPlan), or null for home miners' slots. */
  farm: number | null;
  tenureMs: number;
  phaseMs: number;
  generations: Map<number, Miner>;
}

// Weighted by repetition: where farms and home miners connect from.
const FARM_COUNTRIES = 'US US US CA RU KZ PY NO SE FI IS ET MY AR'.split(' ');
const HOME_COUNTRIES = 'US US DE DE RU RU GB FR NL PL UA BR TR VN CN JP KR AU ES IT CZ CA IN'.split(' ');
// First octets of public unicast space; none of 0, 10, 100, 127, 169, 172, 192, 224+.
const PUBLIC_OCTETS = [
  5, 23, 31, 37, 45, 46, 62, 66, 73, 78, 79, 82, 85, 89, 91, 95, 98, 104, 109, 128, 151, 176, 178, 185, 188, 195, 203, 212, 213,
  217,
];

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
  /** The pool's intended hashrate for this coin, H/s: home miners' machines, and farms for the rest. */
  targetHashrate: number;
  /** Where the machines come from: the hardware catalogue. */
  hardware: HardwareCatalogue;
}

/**
 * Coins whose pools have four farms of 10-14 workers each; the others one to three of three to
 * six. Each worker is a row per 10 minutes of history, and the demo backfills a week within a
 * couple of minutes of `npm start`.
 */
const BIG_COINS: ReadonlySet<string> = new Set(['btc', 'ltc', 'kas', 'etc', 'rvn', 'xmr']);

export function createPopulation(options: PopulationOptions): Population {
  const { seed, coin, schemes } = options;
  const algorithm = COINS[coin].algorithm;
  const coinKey = hash(seed, keyOf(coin));
  const big = BIG_COINS.has(coin);
  const catalogued = devicesFor(options.hardware, algorithm);
  const slotCount = Math.max(1, options.miners);
  // An algorithm no source publishes per-card figures for (Radiant's, Sedra's): anonymous GPU rigs
  // whose cards are sized so the home miners make the pool, named as owners name rigs, never
  // after a card.
  const anonymousRig = (hashrate: number): Device => ({ name: 'GPU rig', short: 'rig', kind: 'gpu', hashrate });
  const devices: readonly Device[] =
    catalogued.length > 0
      ? catalogued
      : [anonymousRig(options.targetHashrate / (expectedHomeHashrate(coinKey, [anonymousRig(1)], slotCount) * ONLINE_FRACTION))];
  const homeLimit = HOME_LIMIT * options.targetHashrate;
  const homeExpected = expectedHomeHashrate(coinKey, devices, slotCount, homeLimit) * ONLINE_FRACTION;
  const farmRates = farmPlan(
    options.targetHashrate,
    homeExpected,
    Math.min(big ? 4 : 3, slotCount - 1),
    [0, 1, 2, 3].map((index) => uniform(coinKey, PURPOSE.size, index)),
  ).map((rate) => rate / ONLINE_FRACTION);

  const slots: Slot[] = Array.from({ length: slotCount }, (_, index) => {
    const u = uniform(coinKey, PURPOSE.slot, index);
    const farm = index < farmRates.length ? index : null;
    // Tenures of 10 to 180 days (log-uniform): about one miner in five changes in a week.
    const tenureMs = farm !== null ? Infinity : 10 * DAY * Math.exp(u * Math.log(18));
    return { index, farm, tenureMs, phaseMs: uniform(coinKey, PURPOSE.slot, index, 1) * 180 * DAY, generations: new Map() };
  });

  function createMiner(slot: Slot, generation: number): Miner {
    const key = hash(coinKey, slot.index, generation);
    const rng = createRng(hash(key, PURPOSE.identity));
    const farm = slot.farm !== null;
    const size: MinerSize =
      slot.farm !== null
        ? farmFleet(devices, farmRates[slot.farm] ?? 0, big ? rng.int(10, 14) : rng.int(3, 6), createRng(hash(key, PURPOSE.size)))
        : homeRig(devices, createRng(hash(key, PURPOSE.size)), homeLimit);
    const { device, machines } = size;
    // Each machine within a few percent of its published figure (firmware, cooling, silicon).
    const speed = device.hashrate * (0.96 + 0.08 * rng.next());
    const agents = size.proxied ? (FARM_PROXIES[algorithm] ?? FARM_PROXIES.default ?? []) : agentChoices(algorithm, device);
    const agent = rng.pick(agents);
    const mixedAgents = !size.proxied && rng.next() < 0.15;
    const address = minerAddress(coin, rng);
    const scheme = schemeFor(rng.next(), schemes, farm);
    const country = rng.pick(farm ? FARM_COUNTRIES : HOME_COUNTRIES);
    const [subnet, host] = ipOf(rng);
    const names = farm ? farmWorkerNames(device, machines.length, size.proxied, rng) : workerNames(device, machines.length, rng);
    const shareIntervalMs = 15_000 + rng.int(0, 15_000);
    const start = farm ? -Infinity : generation * slot.tenureMs - slot.phaseMs;
    const gapMs = farm ? 0 : rng.next() * Math.min(2 * DAY, 0.1 * slot.tenureMs);
    const totalMachines = machines.reduce((sum, count) => sum + count, 0);
    const workers = machines.map((count, index): Worker => {
      // Home miners' rigs share one public address behind NAT; farms spread over a subnet.
      const ip = `${subnet}.${machines.length <= 3 ? host : 10 + index}`;
      const name = names[index] ?? `rig${index + 1}`;
      const workerAgent = mixedAgents ? rng.pick(agents) : agent;
      const fields = { coin, address, worker: name, scheme, ip, agent: workerAgent, country };
      return {
        name,
        ip,
        agent: workerAgent,
        weight: count / totalMachines,
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
      farm,
      machines,
      hashrate: totalMachines * speed,
      joinMs: start + gapMs,
      leaveMs: farm ? Infinity : start + slot.tenureMs,
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
    return slot.farm !== null ? 0 : Math.floor((timeMs + slot.phaseMs) / slot.tenureMs);
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
      if (inOutage(miner.key ^ PURPOSE.minerOutage, mid, DAY, miner.farm ? 0.01 : 0.07, 10 * HOUR)) continue;
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

/**
 * Mean hashrate of one home miner of this coin, H/s, over many draws, so the farms can be sized
 * to fill the rest of the pool. Slots change hands, so all but the farms' are home slots.
 */
function expectedHomeHashrate(coinKey: number, devices: readonly Device[], slotCount: number, limit = Infinity): number {
  const samples = 2000;
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const { device, machines } = homeRig(devices, createRng(hash(coinKey, PURPOSE.expected, i)), limit);
    sum += device.hashrate * machines.reduce((total, count) => total + count, 0);
  }
  return (slotCount * sum) / samples;
}
