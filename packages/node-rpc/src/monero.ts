/**
 * JSON-RPC 2.0 of monerod and monero-wallet-rpc (`POST /json_rpc`, named parameters), for the
 * Monero stratum and the API's Monero wallet sender. Both run on loopback without RPC login
 * (`--disable-rpc-login`); HTTP digest, which their login needs, is not spoken here.
 */
export class MoneroRpcError extends Error {
  override name = 'MoneroRpcError';
  /** The daemon's or wallet's error code; -32700 when the answer was not JSON. */
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export interface MoneroCallOptions {
  /**
   * The `params` object as JSON text written by the caller: atomic amounts are 64-bit integers,
   * which a JavaScript number would round above 2^53.
   */
  paramsJson?: string;
}

export type MoneroRpc = <T = unknown>(
  method: string,
  params?: Record<string, unknown> | unknown[],
  options?: MoneroCallOptions,
) => Promise<T>;

export function createMoneroRpc(url: string, options: { timeoutMs?: number; fetch?: typeof globalThis.fetch } = {}): MoneroRpc {
  const endpoint = new URL('/json_rpc', url).toString();
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let id = 0;
  return async <T>(
    method: string,
    params: Record<string, unknown> | unknown[] = {},
    call: MoneroCallOptions = {},
  ): Promise<T> => {
    const body = `{"jsonrpc":"2.0","id":${++id},"method":${JSON.stringify(method)},"params":${call.paramsJson ?? JSON.stringify(params)}}`;
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let answer: { result?: T; error?: { code: number; message: string } };
    try {
      answer = JSON.parse(text);
    } catch {
      throw new MoneroRpcError(-32700, `${method}: HTTP ${response.status} ${text.slice(0, 200)}`);
    }
    if (answer.error) throw new MoneroRpcError(answer.error.code, `${method}: ${answer.error.message} (${answer.error.code})`);
    return answer.result as T;
  };
}
