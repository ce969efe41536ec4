/**
 * `npm run demo:miner -- ltc` (scripts/demo-miner.ts): one simulated miner of the running demo to try the site with:
 * its address, and a worker's IP address, which the settings form asks for
 * as proof. It builds the same simulator as the API (same content, SIMULATOR_SEED and
 * SIMULATOR_MINERS), so what it prints is what the pool has seen; it starts nothing.
 */
import { join } from 'node:path';
import { isCoinTicker, type CoinTicker } from '@openpool/domain/coins';
import { formatHashrate } from '@openpool/domain/format';
import { loadHardwareCatalogue, loadPoolConfig, loadSiteConfig } from '@openpool/domain/content-files';
import { parseApiEnv } from '../env.ts';
import type { OnlineWorker } from './population.ts';
import { createSimulator } from './simulator.ts';

const HOUR = 3_600_000;
const SCHEME = { pps: 'PPS+', prop: 'PROP', solo: 'SOLO' } as const;

/** A home miner of the coin online through the last hour, the one with the most workers. */
export function pickDemoMiner(online: readonly (readonly OnlineWorker[])[]): OnlineWorker[] | null {
  const steady = online
    .map((step) => new Set(step.filter((entry) => !entry.miner.farm).map((entry) => entry.miner.address)))
    .reduce((common, addresses) => new Set([...common].filter((address) => addresses.has(address))));
  const now = online.at(-1) ?? [];
  const candidates = [...steady].map((address) => now.filter((entry) => entry.miner.address === address));
  candidates.sort((a, b) => b.length - a.length || (a[0]?.miner.address ?? '').localeCompare(b[0]?.miner.address ?? ''));
  return candidates[0] ?? null;
}

/** The command (scripts/demo-miner.ts): prints one miner of `args[0]`'s pool; the exit code. */
export async function demoMiner(environment: Record<string, string | undefined>, args: readonly string[]): Promise<number> {
  const env = parseApiEnv(environment, join(import.meta.dirname, '..', '..', '..', '..'));
  const coin = (args[0] ?? 'ltc').toLowerCase();
  const site = loadSiteConfig(env.contentDir);
  const pool = loadPoolConfig(env.contentDir);
  // The coins the API simulates: every enabled one except those with a real node (runtime.ts).
  const coins = site.enabled.filter((enabled) => ![...env.nodes, ...env.moneroNodes].some((node) => node.coin === enabled));
  if (!env.simulator.enabled) {
    console.error('The simulator is off (SIMULATOR=off): there are no simulated miners.');
    return 1;
  }
  if (!isCoinTicker(coin) || !coins.includes(coin)) {
    console.error(`usage: npm run demo:miner -- COIN, one of: ${coins.join(' ')}`);
    return 2;
  }
  const simulator = createSimulator({
    seed: env.simulator.seed,
    coins,
    pool,
    hardware: loadHardwareCatalogue(env.contentDir),
    minersPerCoin: env.simulator.miners,
    send: async () => {},
  });
  const now = Date.now();
  const steps = [60, 40, 20, 0].map((minutesAgo) => simulator.onlineAt(coin as CoinTicker, now - minutesAgo * 60_000 - HOUR / 6));
  const workers = pickDemoMiner(steps);
  const first = workers?.[0];
  if (!workers || !first) {
    console.error(`No ${coin} miner has been online through the last hour; try another coin.`);
    return 1;
  }
  const { miner } = first;
  const machines = miner.machines.reduce((sum, count) => sum + count, 0);
  const unit = miner.device.startsWith('GPU') || /GeForce|Radeon|RTX|GTX|RX /.test(miner.device) ? 'cards' : 'machines';
  const page = (kind: string) => `${env.notify.siteUrl}/${coin}/miner/${kind}/${encodeURIComponent(miner.address)}`;
  console.log(`A simulated ${coin.toUpperCase()} miner (seed ${env.simulator.seed}), online now:`);
  console.log(`  address     ${miner.address}`);
  console.log(`  scheme      ${SCHEME[miner.scheme]}, from ${miner.country}`);
  console.log(`  hardware    ${machines} ${unit} of ${miner.device}`);
  for (const { worker, hashrate } of workers.slice(0, 5)) {
    console.log(`  worker      ${worker.name.padEnd(16)} ${formatHashrate(hashrate).padStart(12)}   IP ${worker.ip}`);
  }
  if (workers.length > 5) console.log(`              … and ${workers.length - 5} more`);
  console.log('');
  console.log(`  stats       ${page('stats')}`);
  console.log(`  settings    ${page('settings')}  (proof: IP ${first.worker.ip})`);
  return 0;
}
