import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpc, RpcError } from './rpc.ts';

const seen: { auth?: string; path?: string; body: string }[] = [];
const server = createServer(async (request: IncomingMessage, response) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  seen.push({ auth: request.headers.authorization, path: request.url, body });
  const { method } = JSON.parse(body) as { method: string };
  if (method === 'broken') return response.end('<html>busy</html>');
  if (method === 'slow') return setTimeout(() => response.end('{}'), 500);
  response.setHeader('content-type', 'application/json');
  response.end(
    method === 'getblockcount'
      ? '{"result":42,"error":null,"id":1}'
      : '{"result":null,"error":{"code":-5,"message":"Invalid or non-wallet transaction id"},"id":1}',
  );
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://user%40x:p%3Ass@127.0.0.1:${(server.address() as AddressInfo).port}/wallet/pool`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the node JSON-RPC client', () => {
  it('calls the wallet path with basic auth from the URL (decoded) and returns the result', async () => {
    expect(await createRpc(url)<number>('getblockcount')).toBe(42);
    const call = seen.at(-1)!;
    expect(call.path).toBe('/wallet/pool');
    expect(call.auth).toBe('Basic ' + Buffer.from('user@x:p:ss').toString('base64'));
    expect(JSON.parse(call.body)).toMatchObject({ method: 'getblockcount', params: [] });
  });

  it('sends a body written by the caller as it is', async () => {
    const body = '{"jsonrpc":"1.0","id":"payout","method":"getblockcount","params":[]}';
    await createRpc(url)('getblockcount', [], { body });
    expect(seen.at(-1)!.body).toBe(body);
  });

  it('throws the node’s error code, and -32700 for an answer that is not JSON', async () => {
    await expect(createRpc(url)('gettransaction', ['ab'])).rejects.toMatchObject({ name: 'RpcError', code: -5 });
    const broken = await createRpc(url)('broken').catch((error: unknown) => error);
    expect(broken).toBeInstanceOf(RpcError);
    expect(broken).toMatchObject({ code: -32700 });
  });

  it('gives up after its timeout', async () => {
    await expect(createRpc(url, { timeoutMs: 50 })('slow')).rejects.toThrow(/abort|timeout/i);
  });
});
