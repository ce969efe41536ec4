import { readFileSync } from 'node:fs';
import { parsePoolConfig } from '@openpool/domain/pool-config';
import type { CoinTicker } from '@openpool/domain/coins';
import { createPopulation, STEP_MS } from './population.ts';
import { CHAINS } from './chains.ts';
import { seedKey } from './random.ts';
const root = new URL('../../../../', import.meta.url);
const pool = parsePoolConfig(JSON.parse(readFileSync(new URL('content/pools.json', root), 'utf8')));
const site = JSON.parse(readFileSync(new URL('content/site.json', root), 'utf8')) as { enabled: CoinTicker[] };
const now = Date.UTC(2025, 5, 1);
for (const coin of site.enabled) {
  const p = createPopulation({ seed: seedKey(42), coin, miners: 30, schemes: pool.coins.get(coin)!.schemes, targetHashrate: CHAINS[coin].poolShare * CHAINS[coin].networkHashrate });
  const miners = p.minersBetween(now - 7 * 86400000, now);
  const workers = miners.reduce((s, m) => s + m.workers.length, 0);
  const step = Math.floor(now / STEP_MS);
  const on = p.at(step);
  const counts = miners.map((m) => m.workers.length).sort((a, b) => b - a).join(',');
  console.log(coin, miners.length, workers, on.online.length, (Object.values(on.hashrateByScheme).reduce((a, b) => a + b) / (CHAINS[coin].poolShare * CHAINS[coin].networkHashrate)).toFixed(2), counts);
}
