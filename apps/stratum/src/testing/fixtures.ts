/** Templates and jobs for unit tests (fixed, no node). */
import { sha256d } from '../bytes.ts';
import { buildJob, type BlockTemplate } from '../job.ts';

/** P2WPKH of a regtest address (rltc1q…): what validateaddress gives as scriptPubKey. */
export const PAYOUT_SCRIPT = Buffer.from('0014' + '11'.repeat(20), 'hex');

export function createTemplate(overrides: Partial<BlockTemplate> = {}): BlockTemplate {
  const txids = [1, 2, 3].map((n) => sha256d(Buffer.from([n])).toString('hex'));
  return {
    version: 0x20000000,
    previousblockhash: '4beb5ca682701cead152b35bffaf26c95a6a7600372e39e1279743ea1ca28c81',
    transactions: txids.map((txid, i) => ({ data: `0${i}`.repeat(10), txid, hash: txid, fee: 1000 * (i + 1) })),
    coinbasevalue: 5_000_006_000,
    bits: '1e0ffff0',
    height: 1234,
    curtime: 1_795_355_755,
    mintime: 1_795_355_741,
    target: '00000ffff0000000000000000000000000000000000000000000000000000000',
    default_witness_commitment: '6a24aa21a9ede2f61c3f71d1defd3fa999dfa36953755c690689799962b48bebd836974e8cf9',
    ...overrides,
  };
}

export const createJob = (overrides: Partial<BlockTemplate> = {}, id = '1') =>
  buildJob(id, createTemplate(overrides), PAYOUT_SCRIPT, 1_795_355_755_000);
