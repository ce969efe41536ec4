// `npm run verify -- --api URL --coin COIN --address ADDRESS [--from DATE --to DATE]`: checks a
// miner's credits against the pool's published audit records (decision 025) with nothing but
// the public API: the chain of roots, each record's root, the miner's Merkle proofs, each
// credit recomputed from the published inputs with the documented formulas, and the ledger's
// credit of each period. Exit 0 and a summary when all agree; exit 1 naming the first period,
// field and both values when anything differs; exit 2 when it could not check (usage, network).
// With `--node URL` (the coin's node JSON-RPC, credentials in the URL) it also reads the coinbase of
// every block the pool found in the range (not the orphaned ones): each commitment (OP_RETURN 'OPA1' + root; for xmr,
// 'OPA1' + root in the miner tx extra, read from monerod's get_block) must name a root of the
// chain the API publishes.
// It imports only packages/domain (pure code), never the pool's servers.
import { parseArgs } from 'node:util';
import { verifyMiner } from '@openpool/domain/audit-verify';
import { auditListSchema, auditProofSchema, auditRecordSchema } from '@openpool/domain/audit-api';
import { anchoredRoot, extraAnchoredRoot } from '@openpool/domain/audit';

const USAGE =
  'usage: npm run verify -- --api URL --coin COIN --address ADDRESS [--from DATE] [--to DATE] [--node URL]\n' +
  '  DATE: 2026-11-28, 2026-11-28T13:00:00Z or unix seconds; default: the last 24 hours';

function fail(message: string): never {
  console.error(`verify: ${message}\n${USAGE}`);
  process.exit(2);
}

function unixSeconds(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  if (/^\d{1,12}$/.test(text)) return Number(text);
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(ms)) fail(`--${name} ${JSON.stringify(text)} is not a date`);
  return Math.floor(ms / 1000);
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        api: { type: 'string' },
        coin: { type: 'string' },
        address: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        node: { type: 'string' },
        quiet: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
}
const args = parseOptions();
const { api, coin, address } = args;
if (!api || !coin || !address) fail('--api, --coin and --address are required');
let base: URL;
try {
  base = new URL(api);
} catch {
  fail(`--api ${JSON.stringify(api)} is not a URL`);
}
if (base.protocol !== 'http:' && base.protocol !== 'https:') fail('--api must be an http or https URL');
const from = unixSeconds(args.from, 'from');
const to = unixSeconds(args.to, 'to');
if (from !== undefined && to !== undefined && from >= to) fail('--from must be before --to');

const prefix = base.href.replace(/\/$/, '');
let requests = 0;
/** GET with the pool's rate limit respected: a 429 waits as Retry-After says (at most a minute), five times at most. */
async function get(path: string): Promise<{ status: number; body: unknown }> {
  for (let attempt = 1; ; attempt++) {
    requests += 1;
    const response = await fetch(prefix + path, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
    if (response.status === 429 && attempt < 5) {
      const wait = Math.min(60, Number(response.headers.get('retry-after')) || 5);
      if (!args.quiet) console.error(`verify: rate-limited, waiting ${wait} s`);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      continue;
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = { message: text.slice(0, 200) };
    }
    return { status: response.status, body };
  }
}

const started = performance.now();
let result;
try {
  result = await verifyMiner({
    coin,
    address,
    from,
    to,
    get,
    schemas: { list: auditListSchema, record: auditRecordSchema, proof: auditProofSchema },
    onPeriod: (period, check) => {
      if (args.quiet) return;
      const when = new Date(check.at * 1000).toISOString();
      const credit = check.credit === null ? 'no leaf' : `credit ${check.credit} (${check.coin})`;
      console.log(`  period ${period}  ${check.kind.padEnd(9)} ${when}  ${credit}  ok`);
    },
  });
} catch (error) {
  console.error(`verify: could not check: ${(error as Error).message}`);
  process.exit(2);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (!result.ok) {
  console.error(
    `verify: MISMATCH${result.period === null ? '' : ` in period ${result.period}`}: ${result.field}: ` +
      `expected ${result.expected}, found ${result.found}`,
  );
  process.exit(1);
}
if (result.periods === 0) {
  console.log(`verify: no audit periods for ${coin} in that range (${requests} requests, ${seconds} s)`);
  process.exit(0);
}
/**
 * The node's JSON-RPC, credentials taken out of the URL into a Basic header (fetch refuses them in
 * the URL). monerod's is at /json_rpc of its root URL (either may be given), without login.
 */
function nodeRpc(text: string, monero: boolean) {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    fail(`--node ${JSON.stringify(text)} is not a URL`);
  }
  const auth = url.username ? `Basic ${btoa(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`)}` : null;
  url.username = '';
  url.password = '';
  if (monero && (url.pathname === '/' || url.pathname === '')) url.pathname = '/json_rpc';
  return async <T>(method: string, params: unknown): Promise<T> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: JSON.stringify({ jsonrpc: monero ? '2.0' : '1.0', id: 'verify', method, params }),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => null)) as { result?: T; error?: { message?: string } | null } | null;
    if (!response.ok || !body || body.error)
      throw new Error(`node ${method}: ${body?.error?.message ?? `status ${response.status}`}`);
    return body.result as T;
  };
}

/**
 * Each block of the coin the pool found between the first and the last checked record: what
 * its coinbase commits to, read from the node. A commitment to a root the API's chain does
 * not have is a mismatch; blocks without one (mined before commitments, or by another
 * stratum server) are counted.
 */
async function checkAnchors(nodeUrl: string, roots: ReadonlyMap<string, number>) {
  const monero = coin === 'xmr';
  const rpc = nodeRpc(nodeUrl, monero);
  // ltc and its family: the coinbase's outputs; xmr: the miner tx's extra (get_block's json).
  const committedRoot = async (hash: string): Promise<string | null> => {
    if (monero) {
      const { json } = await rpc<{ json: string }>('get_block', { hash });
      const block = JSON.parse(json) as { miner_tx?: { extra?: number[] } };
      return extraAnchoredRoot(block.miner_tx?.extra ?? []);
    }
    const found = await rpc<{ tx: { vout: { scriptPubKey: { hex: string } }[] }[] }>('getblock', [hash, 2]);
    return (found.tx[0]?.vout ?? []).map((out) => anchoredRoot(out.scriptPubKey.hex)).find((r) => r !== null) ?? null;
  };
  const times = [...roots.values()];
  const start = Math.min(...times);
  const end = to ?? Math.floor(Date.now() / 1000);
  let committed = 0;
  let without = 0;
  let orphaned = 0;
  for (let page = 1; ; page++) {
    const answer = await get(`/${encodeURIComponent(coin!)}/api/v1/blocks?page=${page}&page_size=100`);
    if (answer.status !== 200) throw new Error(`blocks answered ${answer.status}`);
    const blocks = answer.body as {
      total: number;
      results: { date: number; height: number; hash: string; coin: string; status?: string }[];
    };
    for (const block of blocks.results) {
      if (block.coin !== coin || block.date < start || block.date > end) continue;
      // Off the main chain: what it committed to proves nothing, and monerod forgets a popped block.
      if (block.status === 'orphaned') {
        orphaned += 1;
        continue;
      }
      const root = await committedRoot(block.hash);
      if (root === null) {
        without += 1;
        continue;
      }
      if (!roots.has(root)) {
        // Committed before the checked range: the API must still have that record.
        const older = await get(`/${encodeURIComponent(coin!)}/api/v1/audit?from=0&to=253402300799&root=${root}`);
        const known = older.status === 200 && (older.body as { results: unknown[] }).results.length === 1;
        if (!known) {
          console.error(
            `verify: MISMATCH at block ${block.height} (${block.hash}): anchor: expected a root of the chain, found ${root}`,
          );
          process.exit(1);
        }
      }
      committed += 1;
    }
    const oldest = blocks.results.at(-1)?.date ?? 0;
    if (blocks.results.length === 0 || page * 100 >= blocks.total || oldest < start) break;
  }
  return { committed, without, orphaned };
}

const totals = Object.entries(result.totals)
  .map(([c, units]) => `${units} ${c}`)
  .join(', ');
console.log(
  `verify: all agree: ${result.periods} periods (${result.first}..${result.last}) of ${coin}, chain of roots intact up to ${result.lastRoot}; ` +
    `${address} has ${result.credited} credited periods, each proven and recomputed, equal to the ledger` +
    (totals ? `: ${totals} (smallest units)` : '') +
    ` (${requests} requests, ${seconds} s)`,
);
if (args.node) {
  try {
    const anchors = await checkAnchors(args.node, result.roots);
    console.log(
      `verify: on chain: ${anchors.committed} blocks of ${coin} in the range commit to a root of this chain` +
        (anchors.without > 0 ? `; ${anchors.without} carry no commitment` : '') +
        (anchors.orphaned > 0 ? `; ${anchors.orphaned} orphaned, not looked up` : ''),
    );
  } catch (error) {
    console.error(`verify: could not check the node: ${(error as Error).message}`);
    process.exit(2);
  }
}
