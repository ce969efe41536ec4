/**
 * XMRig's stratum: newline-delimited JSON-RPC 2.0 with named parameters. `login` answers the
 * session id and the first job, `job` notifications follow, `submit` is answered
 * `{status: "OK"}` or an error whose message miners show as it is, `keepalived` keeps an idle
 * connection open. Difficulty travels as a target: the little-endian top bits of
 * floor((2^64 - 1) / difficulty), 4 bytes while that is precise, else 8.
 */

export interface XmrRequest {
  id: number | string | null;
  method: string;
  params: Record<string, unknown>;
}

export function parseXmrRequest(line: string): XmrRequest | { invalid: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { invalid: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { invalid: 'not a JSON-RPC object' };
  const { id, method, params } = value as Record<string, unknown>;
  if (typeof method !== 'string') return { invalid: 'no method' };
  if (!(id === undefined || id === null || typeof id === 'number' || (typeof id === 'string' && id.length <= 64)))
    return { invalid: 'bad id' };
  const named =
    typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
  return { id: (id as XmrRequest['id']) ?? null, method: method.slice(0, 40), params: named };
}

export const XMR_ERRORS = {
  unauthenticated: 'Unauthenticated',
  invalidJob: 'Invalid job id',
  expired: 'Block expired',
  duplicate: 'Duplicate share',
  lowDifficulty: 'Low difficulty share',
} as const;

export const xmrReply = (id: XmrRequest['id'], result: unknown): string =>
  JSON.stringify({ id, jsonrpc: '2.0', error: null, result }) + '\n';

export const xmrError = (id: XmrRequest['id'], message: string): string =>
  JSON.stringify({ id, jsonrpc: '2.0', error: { code: -1, message } }) + '\n';

export const xmrNotification = (method: string, params: unknown): string =>
  JSON.stringify({ jsonrpc: '2.0', method, params }) + '\n';

const MAX64 = (1n << 64n) - 1n;

/**
 * The target a miner compares the top 8 bytes of its hash with. A share meets difficulty d
 * when hash * d < 2^256; a miner that checks top64(hash) < floor((2^64-1)/d) never sends one
 * that does not. Four bytes (what every miner reads) while d < 2^16 keeps it within 2^-16.
 */
export function difficultyToTarget(difficulty: number): string {
  const d = BigInt(Math.max(1, Math.floor(difficulty)));
  const target64 = MAX64 / d;
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(target64);
  return d < 1n << 16n ? bytes.subarray(4).toString('hex') : bytes.toString('hex');
}

/** A hash (RandomX output, little-endian 256-bit number) meets `difficulty` when hash * difficulty < 2^256. */
export function meetsDifficulty(hash: Buffer, difficulty: bigint): boolean {
  return hashValue(hash) * difficulty < 1n << 256n;
}

export function hashValue(hash: Buffer): bigint {
  return BigInt('0x' + Buffer.from(hash).reverse().toString('hex'));
}

/** The difficulty a hash reached: floor((2^256 - 1) / hash). */
export function hashDifficulty(hash: Buffer): number {
  const value = hashValue(hash);
  return Number(((1n << 256n) - 1n) / (value === 0n ? 1n : value));
}

/**
 * `login`: `ADDRESS`, `ADDRESS.WORKER`, `ADDRESS+DIFF` or `ADDRESS.WORKER+DIFF` (Monero
 * addresses are base58: never a '.' or '+'). Undefined parts are absent.
 */
export function splitXmrLogin(login: string): { address: string; worker?: string; difficulty?: number } {
  let rest = login.trim();
  let difficulty: number | undefined;
  const plus = rest.lastIndexOf('+');
  if (plus >= 0) {
    const value = Number(rest.slice(plus + 1));
    if (Number.isFinite(value) && value >= 1) difficulty = Math.floor(value);
    rest = rest.slice(0, plus);
  }
  const dot = rest.indexOf('.');
  const address = dot >= 0 ? rest.slice(0, dot) : rest;
  const worker = dot >= 0 ? rest.slice(dot + 1) : undefined;
  return { address, ...(worker ? { worker } : {}), ...(difficulty !== undefined ? { difficulty } : {}) };
}
