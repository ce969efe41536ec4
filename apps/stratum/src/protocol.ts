/** Stratum V1 wire format: newline-delimited JSON-RPC, and the pool's error codes. */

export const ERRORS = {
  other: [20, 'Other/Unknown'],
  stale: [21, 'Job not found (stale)'],
  duplicate: [22, 'Duplicate share'],
  lowDifficulty: [23, 'Low difficulty share'],
  unauthorized: [24, 'Unauthorized worker'],
  notSubscribed: [25, 'Not subscribed'],
} as const satisfies Record<string, readonly [number, string]>;

export type StratumError = [number, string, null];

export function stratumError(kind: keyof typeof ERRORS, detail?: string): StratumError {
  const [code, message] = ERRORS[kind];
  return [code, detail ? `${message}: ${detail}` : message, null];
}

export interface Request {
  id: number | string | null;
  method: string;
  params: unknown[];
}

/** Parses one line; anything that is not a JSON-RPC request gives the reason instead. */
export function parseRequest(line: string): Request | { invalid: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { invalid: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { invalid: 'not a JSON-RPC object' };
  const { id, method, params } = value as Record<string, unknown>;
  if (typeof method !== 'string') return { invalid: 'no method' };
  const okId = id === undefined || id === null || typeof id === 'number' || typeof id === 'string';
  if (!okId) return { invalid: 'bad id' };
  return { id: (id as Request['id']) ?? null, method, params: Array.isArray(params) ? params : [] };
}

export const reply = (id: Request['id'], result: unknown, error: StratumError | null = null): string =>
  JSON.stringify({ id, result, error }) + '\n';

export const notification = (method: string, params: unknown[]): string => JSON.stringify({ id: null, method, params }) + '\n';

/**
 * `WALLET.WORKER` or `WALLET/WORKER` (the worker part optional, "default" then). Litecoin
 * addresses never contain '.' or '/', so the first one splits.
 */
export function splitLogin(login: string): { address: string; worker: string } {
  const at = login.search(/[./]/);
  if (at < 0) return { address: login.trim(), worker: 'default' };
  return { address: login.slice(0, at).trim(), worker: login.slice(at + 1).trim() || 'default' };
}

/** Password options: `d=N` (fixed difficulty) and `s=prop|pps|solo`, comma separated. */
export function parsePassword(password: unknown): { difficulty?: number; scheme?: string } {
  const out: { difficulty?: number; scheme?: string } = {};
  if (typeof password !== 'string') return out;
  for (const part of password.split(/[,;]/)) {
    const [key, value] = part.split('=').map((s) => s.trim());
    if (key === 'd' && value && Number.isFinite(Number(value)) && Number(value) > 0) out.difficulty = Number(value);
    if (key === 's' && value) out.scheme = value.toLowerCase();
  }
  return out;
}

/**
 * A reported hashrate: a number, or a hex quantity as `eth_submitHashrate` sends it ("0x1dcd6500").
 * Undefined for anything else, negative or absurd (above every network's, 1e24 H/s).
 */
export function parseReportedHashrate(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^0x[0-9a-f]{1,32}$/i.test(value)
        ? Number(BigInt(value))
        : typeof value === 'string' && /^\d+(\.\d+)?(e\d+)?$/i.test(value)
          ? Number(value)
          : NaN;
  return Number.isFinite(number) && number >= 0 && number <= 1e24 ? number : undefined;
}
