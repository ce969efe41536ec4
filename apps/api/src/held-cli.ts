/**
 * `npm run held -- list | release ID | discard ID`: the operator's side of the payout
 * circuit breaker (decision 018). It connects to the running pool's database (DATABASE_URL,
 * or the embedded server's socket, db/socket-folder.ts) and never starts one of its own.
 */
import { join } from 'node:path';
import pg from 'pg';
import { decideHeld, HeldDecisionError, listHeld, type HeldItem } from './engine/held.ts';
import { parseApiEnv } from './env.ts';
import { PG_PORT, SocketFolderError, socketFolderToConnect } from './db/socket-folder.ts';

const USAGE = 'usage: npm run held -- list | release ID | discard ID';

function describe(item: HeldItem): string {
  const what = item.kind === 'payout' ? `payout to ${item.address}` : 'hour of PPS credits';
  return `#${item.id} ${item.coin} ${what} of ${new Date(item.hour).toISOString()}: ${item.total} (ceiling ${item.ceiling})\n    ${item.reason}`;
}

async function main(args: string[]): Promise<number> {
  const [command, idText] = args;
  // Decimal digits only: Number() would also take '0x1f', '1e3', ' 7 ' or '0b11', and a
  // release of money must act on the id the operator read in the list, nothing it parses into.
  const id = idText !== undefined && /^[1-9][0-9]{0,15}$/.test(idText) ? Number(idText) : NaN;
  const wantsId = command === 'release' || command === 'discard';
  if (!((command === 'list' && args.length === 1) || (wantsId && args.length === 2 && Number.isSafeInteger(id)))) {
    console.error(USAGE);
    return 2;
  }
  const env = parseApiEnv(process.env, join(import.meta.dirname, '..', '..', '..'));
  let host = '';
  try {
    if (!env.databaseUrl) host = socketFolderToConnect(join(env.dataDir, 'postgres'));
  } catch (error) {
    if (!(error instanceof SocketFolderError)) throw error;
    console.error(error.message);
    return 1;
  }
  const pool = new pg.Pool(
    env.databaseUrl
      ? { connectionString: env.databaseUrl, max: 1 }
      : { host, port: PG_PORT, user: 'postgres', database: 'openpool', max: 1 },
  );
  try {
    if (command === 'list') {
      const held = await listHeld(pool);
      console.log(held.length === 0 ? 'Nothing is held.' : held.map(describe).join('\n'));
      return 0;
    }
    const decided = await decideHeld(pool, id, command, Date.now());
    console.log(`${command === 'release' ? 'Released' : 'Discarded'}: ${describe(decided)}`);
    return 0;
  } catch (error) {
    if (error instanceof HeldDecisionError) {
      console.error(error.message);
      return 1;
    }
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED')
      console.error('The pool’s database is not running: start the pool (npm start) or set DATABASE_URL.');
    else console.error((error as Error).message);
    return 1;
  } finally {
    await pool.end();
  }
}

process.exitCode = await main(process.argv.slice(2));
