/**
 * `npm run miner -w apps/stratum -- HOST:PORT LOGIN [PASSWORD] [HASHES_PER_SECOND]`: runs the
 * CPU test miner and prints its hash rate and shares every 10 s.
 */
import { startMiner } from './miner.ts';

const [target = '127.0.0.1:3333', login, password = 'x', rate] = process.argv.slice(2);
if (!login) {
  console.error('usage: miner HOST:PORT WALLET.WORKER [PASSWORD] [HASHES_PER_SECOND]');
  process.exit(2);
}
const [host = '127.0.0.1', port = '3333'] = target.split(':');
const miner = startMiner({ host, port: Number(port), login, password, hashesPerSecond: rate ? Number(rate) : undefined });
await miner.ready.catch((error: Error) => {
  console.error(`miner: ${error.message}`);
  process.exit(1);
});
console.log(`miner: mining on ${target} as ${login}`);
setInterval(() => {
  const { accepted, rejected } = miner.stats;
  console.log(`miner: ${miner.hashrate().toFixed(1)} H/s, ${accepted} accepted, ${rejected} rejected`);
}, 10_000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => (miner.stop(), process.exit(0)));
