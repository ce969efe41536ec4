/** monerod's JSON-RPC client: the one in packages/node-rpc, shared with the API's Monero wallet sender. */
export { createMoneroRpc, MoneroRpcError, type MoneroRpc } from '@openpool/node-rpc/monero';
