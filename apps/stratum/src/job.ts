/**
 * A mining job from a `getblocktemplate` answer: the coinbase cut around the extranonces
 * (coinb1 | extranonce1 | extranonce2 | coinb2), the merkle branch of the coinbase, the header
 * fields as stratum sends them, and the block assembled again from a winning submission.
 */
import { reversed, scriptNumber, sha256d, swapWords, uint32le, uint64le, varint } from './bytes.ts';
import { bitsToTarget } from './target.ts';
import { anchorScript } from '@openpool/domain/audit';

export interface BlockTemplate {
  version: number;
  previousblockhash: string;
  transactions: { data: string; txid: string; hash: string; fee: number }[];
  coinbasevalue: number;
  bits: string;
  height: number;
  curtime: number;
  mintime?: number;
  target: string;
  default_witness_commitment?: string;
  /** Litecoin's MWEB extension block (serialised), present once MWEB is active. */
  mweb?: string;
}

export interface Job {
  id: string;
  height: number;
  prevHash: string;
  /** prevhash as mining.notify sends it. */
  prevHashStratum: string;
  coinb1: string;
  coinb2: string;
  /** Merkle branch hashes in internal byte order (hex), as mining.notify sends them. */
  branch: string[];
  version: number;
  bits: string;
  ntime: number;
  mintime: number;
  networkTarget: bigint;
  /** Whole block reward (subsidy + fees) and the fee part, in litoshis. */
  reward: bigint;
  fees: bigint;
  transactions: string[];
  mweb?: string;
  hasWitness: boolean;
  createdAt: number;
}

export const EXTRANONCE1_SIZE = 4;
export const EXTRANONCE2_SIZE = 4;
/** Shown in every coinbase the pool mines (block explorers list it). */
const POOL_TAG = Buffer.from('/OpenPool/');

/** Combines the coinbase with each branch hash in turn (the stratum merkle algorithm). */
export function merkleRootFromBranch(coinbaseHash: Buffer, branch: readonly string[]): Buffer {
  let root = coinbaseHash;
  for (const step of branch) root = sha256d(Buffer.concat([root, Buffer.from(step, 'hex')]));
  return root;
}

/** The branch that proves the first leaf (the coinbase) given the other txids (internal order). */
export function merkleBranch(others: readonly Buffer[]): string[] {
  const branch: string[] = [];
  let level: (Buffer | null)[] = [null, ...others];
  while (level.length > 1) {
    branch.push(level[1]!.toString('hex'));
    const next: (Buffer | null)[] = [null];
    for (let i = 2; i < level.length; i += 2) {
      const left = level[i]!;
      const right = level[i + 1] ?? left;
      next.push(sha256d(Buffer.concat([left, right])));
    }
    level = next;
  }
  return branch;
}

/**
 * `auditRoot`: the latest audit record's root (decision 025), committed in an OP_RETURN output
 * of the coinbase so the chain itself keeps the pool's accounting history from being rewritten.
 */
export function buildJob(id: string, template: BlockTemplate, payoutScript: Buffer, now: number, auditRoot?: string): Job {
  // scriptSig: BIP 34 height, then room for the extranonces, then the pool's tag.
  const height = scriptNumber(template.height);
  const scriptSigLength = height.length + EXTRANONCE1_SIZE + EXTRANONCE2_SIZE + POOL_TAG.length;
  const coinb1 = Buffer.concat([uint32le(2), varint(1), Buffer.alloc(32), uint32le(0xffffffff), varint(scriptSigLength), height]);
  const outputs = [Buffer.concat([uint64le(BigInt(template.coinbasevalue)), varint(payoutScript.length), payoutScript])];
  if (template.default_witness_commitment) {
    const commitment = Buffer.from(template.default_witness_commitment, 'hex');
    outputs.push(Buffer.concat([uint64le(0n), varint(commitment.length), commitment]));
  }
  if (auditRoot) {
    const anchor = Buffer.from(anchorScript(auditRoot), 'hex');
    outputs.push(Buffer.concat([uint64le(0n), varint(anchor.length), anchor]));
  }
  const coinb2 = Buffer.concat([POOL_TAG, uint32le(0xffffffff), varint(outputs.length), ...outputs, uint32le(0)]);
  const fees = template.transactions.reduce((sum, tx) => sum + BigInt(tx.fee), 0n);
  return {
    id,
    height: template.height,
    prevHash: template.previousblockhash,
    prevHashStratum: swapWords(reversed(Buffer.from(template.previousblockhash, 'hex'))).toString('hex'),
    coinb1: coinb1.toString('hex'),
    coinb2: coinb2.toString('hex'),
    branch: merkleBranch(template.transactions.map((tx) => reversed(Buffer.from(tx.txid, 'hex')))),
    version: template.version,
    bits: template.bits,
    ntime: template.curtime,
    mintime: template.mintime ?? template.curtime,
    networkTarget: bitsToTarget(template.bits),
    reward: BigInt(template.coinbasevalue),
    fees,
    transactions: template.transactions.map((tx) => tx.data),
    mweb: template.mweb,
    hasWitness: Boolean(template.default_witness_commitment),
    createdAt: now,
  };
}

export interface Solution {
  extranonce1: string;
  extranonce2: string;
  ntime: number;
  nonce: number;
  version: number;
}

export function coinbaseOf(job: Job, solution: Solution): Buffer {
  return Buffer.from(job.coinb1 + solution.extranonce1 + solution.extranonce2 + job.coinb2, 'hex');
}

/** The 80-byte header: version, prevhash, merkle root, time, bits, nonce (all little-endian). */
export function headerOf(job: Job, solution: Solution, coinbase = coinbaseOf(job, solution)): Buffer {
  return Buffer.concat([
    uint32le(solution.version),
    reversed(Buffer.from(job.prevHash, 'hex')),
    merkleRootFromBranch(sha256d(coinbase), job.branch),
    uint32le(solution.ntime),
    reversed(Buffer.from(job.bits, 'hex')),
    uint32le(solution.nonce),
  ]);
}

/**
 * The block for `submitblock`. With a witness commitment the coinbase is written with its
 * witness (the 32-byte reserved value of BIP 141); with MWEB, the extension block follows the
 * transactions after a 0x01 marker, as Litecoin Core serialises it.
 */
export function assembleBlock(job: Job, solution: Solution, header = headerOf(job, solution)): string {
  const coinbase = coinbaseOf(job, solution);
  const coinbaseTx = job.hasWitness
    ? Buffer.concat([
        coinbase.subarray(0, 4),
        Buffer.from([0x00, 0x01]),
        coinbase.subarray(4, coinbase.length - 4),
        Buffer.from([0x01, 0x20]),
        Buffer.alloc(32),
        coinbase.subarray(coinbase.length - 4),
      ])
    : coinbase;
  const parts = [header.toString('hex'), varint(job.transactions.length + 1).toString('hex'), coinbaseTx.toString('hex')];
  parts.push(...job.transactions);
  if (job.mweb) parts.push('01', job.mweb);
  return parts.join('');
}
