/**
 * The machines simulated miners run: the devices of the hardware catalogue (content/hardware,
 * read through the domain's parser) with their published hashrate on each algorithm, so a
 * worker named after an Antminer S21 hashes at an S21's ~200 TH/s and a GPU rig at its cards'
 * (workers named "bitaxe-…" once ran at ~27 PH/s). ASICs report their firmware's
 * miner, GPU and CPU rigs the mining program their owner runs.
 */
import { readFileSync } from 'node:fs';
import { HARDWARE_FILES, parseHardwareCatalogue, type HardwareCatalogue, type HardwareFiles } from '@openpool/domain/hardware';

export interface Device {
  name: string;
  /** How owners abbreviate it in worker names (`l9-01`, `s21pro-r2-07`). */
  short: string;
  kind: 'asic' | 'gpu' | 'cpu';
  /** H/s of one machine (one card, one CPU) on the algorithm, as its source publishes it. */
  hashrate: number;
  /** What an ASIC's firmware says in `mining.subscribe`; GPUs and CPUs use `SOFTWARE`. */
  firmware?: readonly string[];
}

const FIRMWARE: Readonly<Record<string, readonly string[]>> = {
  bitmain: ['bmminer/2.0.0', 'cgminer/4.11.1', 'BraiinsOS/24.04', 'LUXminer/2024.6.1'],
  microbt: ['cgminer/4.11.1', 'btminer/3.1.0'],
  canaan: ['cgminer/4.11.1', 'cgminer/4.11.1-avalon'],
  goldshell: ['cgminer/4.11.1', 'Goldshell/2.2.8'],
  innosilicon: ['cgminer/4.9.2', 'Innosilicon/2.1.0'],
  iceriver: ['IceRiverMiner/1.0', 'cgminer/4.11.1'],
  jasminer: ['cgminer/4.11.1', 'Jasminer/1.0.3'],
};

/** Mining programs GPU and CPU owners run, per algorithm (as `name/version`). */
export const SOFTWARE: Readonly<Record<string, readonly string[]>> = {
  kawpow: [
    'T-Rex/0.26.8',
    'Rigel/1.19.1',
    'SRBMiner-MULTI/2.7.5',
    'BzMiner/v21.5.3',
    'TeamRedMiner/0.10.21',
    'kawpowminer/1.2.4',
    'NBMiner/42.3',
  ],
  etchash: ['lolMiner/1.92', 'T-Rex/0.26.8', 'Rigel/1.19.1', 'BzMiner/v21.5.3', 'SRBMiner-MULTI/2.7.5', 'TeamRedMiner/0.10.21'],
  ethash: ['lolMiner/1.92', 'T-Rex/0.26.8', 'Rigel/1.19.1', 'BzMiner/v21.5.3', 'SRBMiner-MULTI/2.7.5'],
  autolykos2: ['lolMiner/1.92', 'T-Rex/0.26.8', 'Rigel/1.19.1', 'SRBMiner-MULTI/2.7.5', 'TeamRedMiner/0.10.21', 'NBMiner/42.3'],
  blake3: ['lolMiner/1.92', 'BzMiner/v21.5.3', 'Rigel/1.19.1', 'SRBMiner-MULTI/2.7.5'],
  kheavyhash: ['lolMiner/1.92', 'BzMiner/v21.5.3', 'SRBMiner-MULTI/2.7.5', 'Rigel/1.19.1'],
  karlsenhash: ['lolMiner/1.92', 'BzMiner/v21.5.3', 'SRBMiner-MULTI/2.7.5', 'Rigel/1.19.1'],
  sedrahash: ['BzMiner/v21.5.3', 'SRBMiner-MULTI/2.7.5', 'Rigel/1.19.1'],
  fishhash: ['lolMiner/1.92', 'BzMiner/v21.5.3', 'Rigel/1.19.1', 'SRBMiner-MULTI/2.7.5'],
  nexapow: ['lolMiner/1.92', 'BzMiner/v21.5.3', 'Rigel/1.19.1', 'SRBMiner-MULTI/2.7.5'],
  octopus: ['NBMiner/42.3', 'Rigel/1.19.1', 'T-Rex/0.26.8', 'SRBMiner-MULTI/2.7.5', 'BzMiner/v21.5.3'],
  randomx: ['XMRig/6.22.2', 'XMRig/6.21.3', 'SRBMiner-MULTI/2.7.5'],
  xelishash: ['xelis-miner/1.13.0', 'SRBMiner-MULTI/2.7.5', 'lolMiner/1.92', 'Rigel/1.19.1', 'BzMiner/v21.5.3'],
  sha512256d: ['SRBMiner-MULTI/2.7.5', 'Rigel/1.19.1', 'BzMiner/v21.5.3'],
};

/** What a farm's stratum proxy says: one connection carries a container or a rack of machines. */
export const FARM_PROXIES: Readonly<Record<string, readonly string[]>> = {
  randomx: ['xmrig-proxy/6.22.0'],
  default: ['braiins-farm-proxy/24.06', 'stratum-proxy/1.3.2', 'ckproxy/0.9'],
};

/** `Antminer S21 Pro` → `s21pro`, `GeForce RTX 3070` → `3070`, `Core i9-13900K` → `i913900k`. */
export function shortName(name: string): string {
  return name
    .toLowerCase()
    .replace(/^(antminer|whatsminer|avalonminer|avalon|goldshell|innosilicon|iceriver|jasminer|elphapex)\s+/, '')
    .replace(
      /^(geforce\s+)?(rtx|gtx)\s+|^radeon\s+(rx\s+)?|^ryzen\s+\d\s+|^ryzen\s+|^core\s+(ultra\s+)?|^xeon\s+(platinum|gold)\s+/,
      '',
    )
    .replace(/\+/g, 'p')
    .replace(/[^a-z0-9]/g, '');
}

/** The catalogue's machines that publish a figure for `algorithm`, slowest first. */
export function devicesFor(catalogue: HardwareCatalogue, algorithm: string): Device[] {
  const devices: Device[] = [];
  for (const device of catalogue.devices) {
    const figure = device.algorithms.find((entry) => entry.algorithm === algorithm);
    if (!figure) continue;
    const firmware = device.type === 'asic' ? (FIRMWARE[device.vendor] ?? ['cgminer/4.11.1']) : undefined;
    devices.push({ name: device.name, short: shortName(device.name), kind: device.type, hashrate: figure.hashrate, firmware });
  }
  return devices.sort((a, b) => a.hashrate - b.hashrate || a.name.localeCompare(b.name));
}

/** What a worker on `device` reports as its agent. */
export function agentChoices(algorithm: string, device: Pick<Device, 'firmware'>): readonly string[] {
  if (device.firmware) return device.firmware;
  return SOFTWARE[algorithm] ?? SOFTWARE.kawpow ?? [];
}

let bundled: HardwareCatalogue | undefined;

/**
 * The repository's own catalogue, for a simulator given none (tests, benches, an operator whose
 * content has no hardware folder): the demo's machines are the catalogue's either way.
 */
export function bundledCatalogue(): HardwareCatalogue {
  if (!bundled) {
    const dir = new URL('../../../../content/hardware/', import.meta.url);
    const files = Object.fromEntries(HARDWARE_FILES.map((file) => [file, readFileSync(new URL(file, dir), 'utf8')]));
    bundled = parseHardwareCatalogue(files as unknown as HardwareFiles);
  }
  return bundled;
}
