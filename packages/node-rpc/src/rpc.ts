/**
 * The one JSON-RPC client of a coin node (bitcoind family: litecoind), for the API's wallet
 * sender and the stratum server alike: `http://user:pass@host:port`, optionally
 * `/wallet/NAME`. Node-only (fetch and Buffer); packages/domain stays free of I/O.
 */

export class RpcError extends Error {
  override name = 'RpcError';
  /** The node's error code (bitcoind's RPC_* codes); -32700 when the answer was not JSON. */
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * The request body as written by the caller, for a call whose parameters must not pass
   * through a JavaScript number (`sendmany` amounts as exact decimals).
   */
  body?: string;
}

export type Rpc = <T = unknown>(method: string, params?: unknown[], options?: CallOptions) => Promise<T>;

export interface RpcOptions {
  fetch?: typeof globalThis.fetch;
  /** Each call gives up after this long (none when unset: the caller's signal decides). */
  timeoutMs?: number;
}

export function createRpc(url: string, options: RpcOptions = {}): Rpc {
  const parsed = new URL(url);
  const auth =
    'Basic ' + Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64');
  parsed.username = '';
  parsed.password = '';
  const endpoint = parsed.toString();
  const fetchImpl = options.fetch ?? globalThis.fetch;
  let id = 0;
  return async <T>(method: string, params: unknown[] = [], call: CallOptions = {}): Promise<T> => {
    const timeout = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
    const signal = call.signal && timeout ? AbortSignal.any([call.signal, timeout]) : (call.signal ?? timeout);
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: call.body ?? JSON.stringify({ jsonrpc: '1.0', id: ++id, method, params }),
      signal,
    });
    const text = await response.text();
    let answer: { result?: T; error?: { code: number; message: string } | null };
    try {
      answer = JSON.parse(text);
    } catch {
      throw new RpcError(-32700, `${method}: HTTP ${response.status} ${text.slice(0, 200)}`);
    }
    if (answer.error) throw new RpcError(answer.error.code, `${method}: ${answer.error.message} (${answer.error.code})`);
    return answer.result as T;
  };
}
