/**
 * How much hardware simulated miners run (a believable demo): a home miner one to twelve
 * machines of one model, favouring small and older ones; a farm one current model by the
 * hundred, its containers or racks each one worker behind a farm proxy. Pure functions of their
 * random draws, like the rest of the population.
 */
import type { Device } from './devices.ts';
import type { Rng } from './random.ts';

export interface MinerSize {
  device: Device;
  /** Machines (cards, for a GPU rig) behind each worker. */
  machines: number[];
  /** The workers are containers or racks reaching the pool through a farm proxy. */
  proxied: boolean;
}

/** At most this many machines a home miner runs; more is a farm. */
export const HOME_MAX_WORKERS = 12;
/** Up to this many machines a farm gives each its own worker; beyond, containers. */
const FARM_MACHINE_WORKERS = 40;

/** Most home miners run one machine, a few a dozen. */
function homeWorkerCount(u: number, rng: Rng): number {
  if (u < 0.72) return 1;
  if (u < 0.87) return 2;
  if (u < 0.93) return 3;
  if (u < 0.97) return rng.int(4, 6);
  return rng.int(7, HOME_MAX_WORKERS);
}

/**
 * Which machines a home miner buys: ASICs where the algorithm has them (a few still run GPUs),
 * CPUs for RandomX (a few GPUs), and among those the slower, cheaper half twice as often.
 */
function homeDevice(devices: readonly Device[], rng: Rng): Device {
  const of = (kind: Device['kind']) => devices.filter((device) => device.kind === kind);
  const [asics, gpus, cpus] = [of('asic'), of('gpu'), of('cpu')];
  const main = asics.length > 0 ? asics : cpus.length > 0 ? cpus : gpus;
  const others = devices.filter((device) => !main.includes(device));
  const choice = others.length > 0 && rng.next() < 0.15 ? others : main;
  const slower = choice.slice(0, Math.ceil(choice.length / 2));
  return rng.pick(rng.next() < 0.5 ? slower : choice);
}

/**
 * A home miner's machines, never more than `limit` H/s in all (a share of its pool: in a small
 * pool, a dozen of the fastest machines would be most of it, and that is a farm's place).
 */
export function homeRig(devices: readonly Device[], rng: Rng, limit = Infinity): MinerSize {
  const device = homeDevice(devices, rng);
  const count = homeWorkerCount(rng.next(), rng);
  // A GPU worker is a rig of one to eight cards; an ASIC or a CPU, one machine.
  const machines = Array.from({ length: count }, () => (device.kind === 'gpu' ? rng.int(1, 8) : 1));
  const total = () => device.hashrate * machines.reduce((sum, count) => sum + count, 0);
  while (total() > limit && (machines.length > 1 || (machines[0] ?? 1) > 1)) {
    const last = machines.length - 1;
    if (machines.length > 1) machines.pop();
    else machines[last] = (machines[last] ?? 2) - 1;
  }
  return { device, machines, proxied: false };
}

/** A farm runs current gear: the faster half of the algorithm's ASICs (server CPUs, big GPUs). */
function farmDevice(devices: readonly Device[], rng: Rng): Device {
  const asics = devices.filter((device) => device.kind === 'asic');
  const cpus = devices.filter((device) => device.kind === 'cpu');
  const choice = asics.length > 0 ? asics : cpus.length > 0 ? cpus : devices;
  return rng.pick(choice.slice(Math.floor(choice.length / 2)));
}

/**
 * A farm of about `hashrate` H/s: one worker per machine while it has at most 40, else
 * `containers` workers (a container or a rack each) sharing its machines as evenly as they go.
 */
export function farmFleet(devices: readonly Device[], hashrate: number, containers: number, rng: Rng): MinerSize {
  const device = farmDevice(devices, rng);
  const total = Math.max(1, Math.round(hashrate / device.hashrate));
  if (total <= FARM_MACHINE_WORKERS) return { device, machines: Array.from({ length: total }, () => 1), proxied: false };
  const workers = Math.min(containers, total);
  const machines = Array.from({ length: workers }, (_, index) => Math.floor(total / workers) + (index < total % workers ? 1 : 0));
  return { device, machines, proxied: true };
}

/**
 * The farms a pool needs beyond its home miners to reach its size: nothing when they alone come
 * near it; else one to four farms, big coins four, of unequal sizes, so none is the whole pool.
 * Returns each farm's hashrate, H/s.
 */
export function farmPlan(target: number, homeExpected: number, farms: number, draws: readonly number[]): number[] {
  const fill = target - homeExpected;
  if (fill <= 0.1 * target || farms <= 0) return [];
  const weights = Array.from({ length: farms }, (_, index) => 1 + 0.8 * (draws[index] ?? 0.5));
  const sum = weights.reduce((total, weight) => total + weight, 0);
  return weights.map((weight) => (fill * weight) / sum);
}
