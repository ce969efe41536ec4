import { describe, expect, it } from 'vitest';
import { reversed, sha256d } from './bytes.ts';
import { assembleBlock, coinbaseOf, headerOf, merkleBranch, merkleRootFromBranch } from './job.ts';
import { createJob, createTemplate, PAYOUT_SCRIPT } from './testing/fixtures.ts';
import { anchoredRoot } from '@openpool/domain/audit';
import { buildJob } from './job.ts';

/** The merkle root the way the node computes it: whole levels, the last hash paired with itself. */
function fullMerkleRoot(leaves: Buffer[]): Buffer {
  let level = leaves;
  while (level.length > 1) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha256d(Buffer.concat([level[i]!, level[i + 1] ?? level[i]!])));
    level = next;
  }
  return level[0]!;
}

const solution = {
  extranonce1: 'a1b2c3d4',
  extranonce2: '00000007',
  ntime: 1_795_355_760,
  nonce: 0x01020304,
  version: 0x20000000,
};

describe('jobs from a block template', () => {
  it('commits the coinbase to the latest audit root in an OP_RETURN output of nothing (decision 025)', () => {
    const root = 'ab'.repeat(32);
    const job = buildJob('1', createTemplate(), PAYOUT_SCRIPT, 1_795_355_755_000, root);
    const coinbase = coinbaseOf(job, solution).toString('hex');
    // value 0 (8 bytes), script length 38, then the script
    expect(coinbase).toContain('0000000000000000' + '26' + '6a244f504131' + root);
    expect(anchoredRoot('6a244f504131' + root)).toBe(root);
    // Without a root the coinbase is as before; the assembled block carries the commitment.
    expect(coinbaseOf(createJob(), solution).toString('hex')).not.toContain('6a244f504131');
    expect(assembleBlock(job, solution)).toContain('6a244f504131' + root);
  });

  it('gives a merkle branch that reproduces the full merkle root for 0 to 9 transactions', () => {
    for (let count = 0; count <= 9; count++) {
      const coinbase = sha256d(Buffer.from('coinbase'));
      const others = Array.from({ length: count }, (_, i) => sha256d(Buffer.from([i, count])));
      expect(merkleRootFromBranch(coinbase, merkleBranch(others)).equals(fullMerkleRoot([coinbase, ...others]))).toBe(true);
    }
  });

  it('builds a coinbase with the BIP 34 height, the extranonces, the payout and the witness commitment', () => {
    const job = createJob();
    const coinbase = coinbaseOf(job, solution).toString('hex');
    // height 1234 = 0x04d2, pushed as two bytes little-endian
    expect(job.coinb1.endsWith('02d204')).toBe(true);
    expect(coinbase).toContain('02d204' + 'a1b2c3d4' + '00000007' + Buffer.from('/OpenPool/').toString('hex'));
    // 5000006000 litoshis = 0x12a060970, as 8 bytes little-endian
    expect(coinbase).toContain('7009062a01000000' + '16' + PAYOUT_SCRIPT.toString('hex'));
    expect(coinbase).toContain('0000000000000000' + '26' + '6a24aa21a9ed');
    expect(job.reward).toBe(5_000_006_000n);
    expect(job.fees).toBe(6000n);
  });

  it('sends prevhash word-swapped and builds the 80-byte header from the parts', () => {
    const job = createJob();
    // As NOMP and cpuminer have it: the displayed hash's 32-bit words in reverse order.
    expect(job.prevHashStratum).toBe(
      '1ca28c81' + '279743ea' + '372e39e1' + '5a6a7600' + 'ffaf26c9' + 'd152b35b' + '82701cea' + '4beb5ca6',
    );
    const header = headerOf(job, solution);
    expect(header.length).toBe(80);
    expect(header.readUInt32LE(0)).toBe(0x20000000);
    expect(reversed(header.subarray(4, 36)).toString('hex')).toBe(job.prevHash);
    expect(header.readUInt32LE(68)).toBe(solution.ntime);
    expect(header.subarray(72, 76).toString('hex')).toBe('f0ff0f1e');
    expect(header.readUInt32LE(76)).toBe(0x01020304);
  });

  it('assembles the block with the coinbase witness and every template transaction', () => {
    const job = createJob();
    const block = assembleBlock(job, solution);
    const header = headerOf(job, solution).toString('hex');
    expect(block.startsWith(header + '04' + '02000000' + '0001')).toBe(true);
    expect(block).toContain('0120' + '00'.repeat(32) + '00000000' + job.transactions.join(''));
    const withMweb = assembleBlock(createJob({ mweb: 'abcd' }), solution);
    expect(withMweb.endsWith(job.transactions.join('') + '01abcd')).toBe(true);
  });
});
