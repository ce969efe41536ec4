/** The coin node's JSON-RPC client: the one the API's wallet sender uses too (packages/node-rpc). */
export { createRpc, RpcError, type Rpc } from '@openpool/node-rpc';
