// `npm run demo:miner -- COIN`: a simulated miner of the running demo, its address and a
// worker's IP address to try the settings form with (the README says how).
import { demoMiner } from '../apps/api/src/simulator/demo-miner.ts';

process.exitCode = await demoMiner(process.env, process.argv.slice(2));
