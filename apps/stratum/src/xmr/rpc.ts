/**
 * JSON-RPC 2.0 of monerod and monero-wallet-rpc: `POST /json_rpc` with named parameters.
 * Both are run on loopback without RPC login here (`--disable-rpc-login`); a URL with
 * credentials would need HTTP digest, which neither our product nor its demo uses.
 */
export class MoneroRpcError extends Error {
  override name = 'MoneroRpcError';
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export type MoneroRpc = <T = unknown>(method: string, params?: Record<string, unknown> | unknown[]) => Promise<T>;

export function createMoneroRpc(url: string, options: { timeoutMs?: number; fetch?: typeof globalThis.fetch } = {}): MoneroRpc {
  const endpoint = new URL('/json_rpc', url).toString();
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let id = 0;
  return async <T>(method: string, params: Record<string, unknown> | unknown[] = {}): Promise<T> => {
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
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
