/**
 * Real mining hardware and software per algorithm, so that workers' names and agents look
 * like what a pool actually sees: ASICs report their firmware's miner, GPU and CPU rigs the
 * mining program their owner runs.
 */

export interface Device {
  name: string;
  /** How owners abbreviate it in worker names (`l9-01`, `s21pro-r2-07`). */
  short: string;
  kind: 'asic' | 'gpu' | 'cpu';
  /** What an ASIC's firmware says in `mining.subscribe`; GPUs and CPUs use `SOFTWARE`. */
  firmware?: readonly string[];
}

const ANTMINER = ['bmminer/2.0.0', 'cgminer/4.11.1', 'BraiinsOS/24.04', 'LUXminer/2024.6.1'];
const WHATSMINER = ['cgminer/4.11.1', 'btminer/3.1.0'];
const SCRYPT_ASIC = ['cgminer/4.9.2', 'bmminer/1.0.0', 'LUXminer/2024.5.3'];
const ICERIVER = ['IceRiverMiner/1.0', 'cgminer/4.11.1'];
const GOLDSHELL = ['cgminer/4.11.1', 'Goldshell/2.2.8'];

const SHA256_ASICS: readonly Device[] = [
  { name: 'Antminer S21 Pro', short: 's21pro', kind: 'asic', firmware: [...ANTMINER, 'Antminer S21 Pro/Tue Apr 16 2024'] },
  { name: 'Antminer S21 XP', short: 's21xp', kind: 'asic', firmware: ANTMINER },
  { name: 'Antminer S21', short: 's21', kind: 'asic', firmware: [...ANTMINER, 'Antminer S21/Wed Jan 10 2024'] },
  { name: 'Antminer S19k Pro', short: 's19k', kind: 'asic', firmware: ANTMINER },
  { name: 'Antminer S19j Pro', short: 's19j', kind: 'asic', firmware: ANTMINER },
  { name: 'Whatsminer M60S', short: 'm60s', kind: 'asic', firmware: WHATSMINER },
  { name: 'Whatsminer M50S', short: 'm50s', kind: 'asic', firmware: WHATSMINER },
  { name: 'Avalon A1466', short: 'a1466', kind: 'asic', firmware: ['cgminer/4.11.1'] },
  { name: 'Auradine Teraflux AT2880', short: 'at2880', kind: 'asic', firmware: ['cgminer/4.11.1'] },
  { name: 'Bitaxe Gamma', short: 'bitaxe', kind: 'asic', firmware: ['bitaxe/v2.4.1'] },
  { name: 'NerdQaxe++', short: 'nerdqaxe', kind: 'asic', firmware: ['NerdQAxe++/v1.0.27'] },
];

const NVIDIA = [
  'RTX 4090',
  'RTX 4080 Super',
  'RTX 4070 Ti Super',
  'RTX 3090',
  'RTX 3080',
  'RTX 3070',
  'RTX 3060 Ti',
  'CMP 170HX',
];
const AMD = ['RX 7900 XTX', 'RX 7800 XT', 'RX 6800 XT', 'RX 6700 XT', 'RX 6600'];

function gpus(names: readonly string[]): Device[] {
  return names.map((name) => ({
    name,
    short: name
      .replace(/^(RTX|RX|CMP) /, '')
      .replace(/ /g, '')
      .toLowerCase(),
    kind: 'gpu' as const,
  }));
}

const ALL_GPUS = gpus([...NVIDIA, ...AMD]);
const NVIDIA_GPUS = gpus(NVIDIA);

const CPUS: readonly Device[] = [
  { name: 'Ryzen 9 7950X', short: '7950x', kind: 'cpu' },
  { name: 'Ryzen 9 5950X', short: '5950x', kind: 'cpu' },
  { name: 'Ryzen 7 5800X', short: '5800x', kind: 'cpu' },
  { name: 'EPYC 7763', short: 'epyc', kind: 'cpu' },
  { name: 'Threadripper 3990X', short: 'tr3990x', kind: 'cpu' },
  { name: 'Core i9-13900K', short: 'i9', kind: 'cpu' },
];

export const DEVICES: Readonly<Record<string, readonly Device[]>> = {
  sha256d: SHA256_ASICS,
  scrypt: [
    { name: 'Antminer L9', short: 'l9', kind: 'asic', firmware: SCRYPT_ASIC },
    { name: 'Antminer L7', short: 'l7', kind: 'asic', firmware: SCRYPT_ASIC },
    { name: 'Elphapex DG1+', short: 'dg1', kind: 'asic', firmware: ['cgminer/4.9.2', 'Elphapex/1.1.2'] },
    { name: 'Elphapex DG Home 1', short: 'dghome', kind: 'asic', firmware: ['cgminer/4.9.2'] },
    { name: 'VolcMiner D1', short: 'd1', kind: 'asic', firmware: ['cgminer/4.9.2'] },
    { name: 'Goldshell Mini DOGE III', short: 'minidoge', kind: 'asic', firmware: GOLDSHELL },
  ],
  kheavyhash: [
    { name: 'IceRiver KS5L', short: 'ks5l', kind: 'asic', firmware: ICERIVER },
    { name: 'IceRiver KS3M', short: 'ks3m', kind: 'asic', firmware: ICERIVER },
    { name: 'IceRiver KS0 Ultra', short: 'ks0', kind: 'asic', firmware: ICERIVER },
    { name: 'Antminer KS5 Pro', short: 'ks5pro', kind: 'asic', firmware: ['bmminer/2.0.0', 'cgminer/4.11.1'] },
    { name: 'Goldshell E-KA1M', short: 'eka1m', kind: 'asic', firmware: GOLDSHELL },
  ],
  blake3: [
    { name: 'IceRiver AL3', short: 'al3', kind: 'asic', firmware: ICERIVER },
    { name: 'Goldshell AL Box', short: 'albox', kind: 'asic', firmware: GOLDSHELL },
    { name: 'Goldshell AL Box II', short: 'albox2', kind: 'asic', firmware: GOLDSHELL },
    ...ALL_GPUS,
  ],
  etchash: [
    { name: 'Jasminer X16-Q', short: 'x16q', kind: 'asic', firmware: ['cgminer/4.11.1', 'Jasminer/1.0.3'] },
    { name: 'Antminer E9 Pro', short: 'e9pro', kind: 'asic', firmware: ['bmminer/2.0.0'] },
    ...ALL_GPUS,
  ],
  randomx: CPUS,
  xelishash: [...CPUS, ...ALL_GPUS],
  octopus: NVIDIA_GPUS,
  sha512256d: ALL_GPUS,
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
  randomx: ['XMRig/6.22.2', 'XMRig/6.21.3', 'SRBMiner-MULTI/2.7.5', 'xmrig-proxy/6.22.0'],
  xelishash: ['xelis-miner/1.13.0', 'SRBMiner-MULTI/2.7.5', 'lolMiner/1.92', 'Rigel/1.19.1', 'BzMiner/v21.5.3'],
  sha512256d: ['SRBMiner-MULTI/2.7.5', 'Rigel/1.19.1', 'BzMiner/v21.5.3'],
};

/** Hardware that mines `algorithm`; any GPU for algorithms without a list of their own. */
export function devicesFor(algorithm: string): readonly Device[] {
  return DEVICES[algorithm] ?? ALL_GPUS;
}

/** What a worker on `device` reports as its agent. */
export function agentChoices(algorithm: string, device: Device): readonly string[] {
  if (device.firmware) return device.firmware;
  return SOFTWARE[algorithm] ?? SOFTWARE.kawpow ?? [];
}
