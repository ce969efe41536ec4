/** A litecoind JSON-RPC client over HTTP (`http://user:pass@host:port`, optionally `/wallet/NAME`). */

export class RpcError extends Error {
  override name = 'RpcError';
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export type Rpc = <T = unknown>(method: string, params?: unknown[], options?: { signal?: AbortSignal }) => Promise<T>;

export function createRpc(url: string): Rpc {
  const parsed = new URL(url);
  const auth =
    'Basic ' + Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64');
  parsed.username = '';
  parsed.password = '';
  const endpoint = parsed.toString();
  let id = 0;
  return async <T>(method: string, params: unknown[] = [], options: { signal?: AbortSignal } = {}): Promise<T> => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '1.0', id: ++id, method, params }),
      signal: options.signal,
    });
    const text = await response.text();
    let body: { result?: T; error?: { code: number; message: string } | null };
    try {
      body = JSON.parse(text);
    } catch {
      throw new RpcError(-32700, `${method}: HTTP ${response.status} ${text.slice(0, 200)}`);
    }
    if (body.error) throw new RpcError(body.error.code, `${method}: ${body.error.message}`);
    return body.result as T;
  };
}
