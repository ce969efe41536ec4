// `npm run verify -- --api URL --coin COIN --address ADDRESS [--from DATE --to DATE]`: checks a
// miner's credits against the pool's published audit records (decision 025) with nothing but
// the public API: the chain of roots, each record's root, the miner's Merkle proofs, each
// credit recomputed from the published inputs with the documented formulas, and the ledger's
// credit of each period. Exit 0 and a summary when all agree; exit 1 naming the first period,
// field and both values when anything differs; exit 2 when it could not check (usage, network).
// It imports only packages/domain (pure code), never the pool's servers.
import { parseArgs } from 'node:util';
import { verifyMiner } from '@openpool/domain/audit-verify';
import { auditListSchema, auditProofSchema, auditRecordSchema } from '@openpool/domain/audit-api';

const USAGE =
  'usage: npm run verify -- --api URL --coin COIN --address ADDRESS [--from DATE] [--to DATE]\n' +
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

let args;
try {
  args = parseArgs({
    options: {
      api: { type: 'string' },
      coin: { type: 'string' },
      address: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  fail((error as Error).message);
}
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
const totals = Object.entries(result.totals)
  .map(([c, units]) => `${units} ${c}`)
  .join(', ');
console.log(
  `verify: all agree: ${result.periods} periods (${result.first}..${result.last}) of ${coin}, chain of roots intact up to ${result.lastRoot}; ` +
    `${address} has ${result.credited} credited periods, each proven and recomputed, equal to the ledger` +
    (totals ? `: ${totals} (smallest units)` : '') +
    ` (${requests} requests, ${seconds} s)`,
);
