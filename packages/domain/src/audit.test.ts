import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anchoredRoot,
  anchorPayload,
  anchorScript,
  buildTree,
  canonicalJson,
  checkInputs,
  expectedCredit,
  extraAnchoredRoot,
  GENESIS_ROOT,
  leafJson,
  leafKey,
  nodeOffset,
  proofFromTree,
  proofPositions,
  readNode,
  recordRoot,
  rootFromProof,
  serializeTree,
  treeRoot,
  type AuditHeader,
  type AuditLeaf,
} from './audit.ts';
import { weightedDifficulty } from './pps-price.ts';
import { difficultyWeight, ppsCredit, propCredits, soloCredit } from './rewards.ts';
import { toHex } from './sha256.ts';

const difficulty = fc.double({ min: 1e-9, max: 1e9, noNaN: true, noDefaultInfinity: true });

function createLeaf(overrides: Partial<AuditLeaf> = {}): AuditLeaf {
  return { key: leafKey('ltc', 1, 'ltc1qminer'), work: [['prop', '12.5']], credit: '1000', ...overrides };
}

function blockHeader(leaves: AuditLeaf[], overrides: Partial<AuditHeader> = {}): AuditHeader {
  const root = treeRoot(buildTree(leaves));
  return {
    v: 1,
    chain: 'ltc',
    seq: 1,
    kind: 'prop',
    coin: 'ltc',
    at: 1_764_331_200,
    inputs: {
      height: 10,
      hash: 'ab'.repeat(32),
      scheme: 'prop',
      reward: '625000000',
      fees: '1000',
      distributable: '625000000',
      fee_ppm: 10_000,
      round: 'prop',
    },
    leaves_root: toHex(root.hash),
    leaf_count: leaves.length,
    work_total: root.work.toString(),
    credit_total: root.credit.toString(),
    prev_root: GENESIS_ROOT,
    ...overrides,
  };
}

describe('canonicalJson', () => {
  it('sorts keys at every depth and refuses floats and bigints', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: null }] })).toBe('{"a":[{"c":null,"d":"x"}],"b":1}');
    expect(() => canonicalJson({ a: 1.5 })).toThrow();
    expect(() => canonicalJson({ a: 1n })).toThrow();
  });
});

describe('leafJson', () => {
  it('is canonicalJson of the leaf, for any labels and difficulties', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string())), fc.string(), (work, credit) => {
        const leaf = { key: leafKey('ltc', 1, 'a'), work, credit };
        expect(leafJson(leaf)).toBe(canonicalJson(leaf));
      }),
    );
  });
});

describe('the Merkle sum tree', () => {
  it('proves every leaf of any tree, and no tampered leaf or sibling', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(difficulty, fc.bigInt({ min: 0n, max: 10n ** 20n })), { minLength: 1, maxLength: 40 }),
        fc.nat(),
        (rows, pick) => {
          const leaves = rows.map(([work, credit], i) =>
            createLeaf({ key: leafKey('ltc', 7, `a${i}`), work: [['prop', String(work)]], credit: credit.toString() }),
          );
          const levels = buildTree(leaves);
          const root = treeRoot(levels);
          expect(root.credit).toBe(rows.reduce((sum, [, credit]) => sum + credit, 0n));
          expect(root.work).toBe(rows.reduce((sum, [work]) => sum + difficultyWeight(work), 0n));
          const index = pick % leaves.length;
          const leaf = leaves[index]!;
          const proof = proofFromTree(levels, index);
          expect(toHex(rootFromProof(leaf, proof).hash)).toBe(toHex(root.hash));
          // A credit one unit higher hashes to another root.
          const richer = { ...leaf, credit: (BigInt(leaf.credit) + 1n).toString() };
          expect(toHex(rootFromProof(richer, proof).hash)).not.toBe(toHex(root.hash));
          // A sibling whose sum was lowered (to hide work) hashes to another root too.
          if (proof.length > 0) {
            const forged = proof.map((step, i) => (i === 0 ? { ...step, work: (BigInt(step.work) + 1n).toString() } : step));
            expect(toHex(rootFromProof(leaf, forged).hash)).not.toBe(toHex(root.hash));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('serialises so that a proof can be read from slices of the stored tree', () => {
    const leaves = Array.from({ length: 11 }, (_, i) => createLeaf({ key: leafKey('ltc', 2, `m${i}`), credit: String(i * 7) }));
    const levels = buildTree(leaves);
    const bytes = serializeTree(levels);
    for (let index = 0; index < leaves.length; index++) {
      const fromBytes = proofPositions(leaves.length, index).map(([level, at, side]) => {
        const node = readNode(bytes, nodeOffset(leaves.length, level, at));
        return { side, hash: toHex(node.hash), work: node.work.toString(), credit: node.credit.toString() };
      });
      expect(fromBytes).toEqual(proofFromTree(levels, index));
    }
  });

  it('never pairs a lone last node with itself: two leaf lists never share a root', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((name) => createLeaf({ key: leafKey('ltc', 1, name) }));
    const three = toHex(treeRoot(buildTree([a!, b!, c!])).hash);
    const four = toHex(treeRoot(buildTree([a!, b!, c!, c!])).hash);
    expect(three).not.toBe(four);
  });
});

describe('the coinbase commitment', () => {
  it('is OP_RETURN with the tag and the root, and reads back only from that shape', () => {
    const root = 'cd'.repeat(32);
    expect(anchorScript(root)).toBe(`6a244f504131${root}`);
    expect(anchoredRoot(anchorScript(root))).toBe(root);
    expect(anchoredRoot(`6a24deadbeef${root}`)).toBeNull();
    expect(anchoredRoot('0014' + 'ab'.repeat(20))).toBeNull();
    expect(() => anchorScript('xyz')).toThrow();
  });

  it('is read from a Monero tx extra only inside an extra nonce field', () => {
    const root = 'cd'.repeat(32);
    const hex = (text: string) => [...Buffer.from(text, 'hex')];
    const payload = hex('0102030405060708' + anchorPayload(root));
    const pubkey = hex('11'.repeat(32));
    // monerod's layout: the tx public key, then the 44 reserved bytes as an extra nonce.
    expect(extraAnchoredRoot([0x01, ...pubkey, 0x02, payload.length, ...payload])).toBe(root);
    expect(extraAnchoredRoot([0x01, ...pubkey, 0x02, 8, ...payload.slice(0, 8)])).toBeNull();
    // The tag and root inside a public key are not a commitment.
    expect(extraAnchoredRoot([0x01, ...hex(anchorPayload(root)).slice(0, 32), 0x02, 0])).toBeNull();
    // A nonce field that claims more bytes than the extra has, or an unknown tag, ends the walk.
    expect(extraAnchoredRoot([0x02, 200, ...payload])).toBeNull();
    expect(extraAnchoredRoot([0x7f, 0x02, payload.length, ...payload])).toBeNull();
    // A nonce reserved but still zero (no root known yet) commits to nothing.
    expect(extraAnchoredRoot([0x01, ...pubkey, 0x02, 44, ...new Array(44).fill(0)])).toBeNull();
  });
});

describe('record roots', () => {
  it('change with any input, so a record cannot be edited without its root and every later prev_root changing', () => {
    const header = blockHeader([createLeaf()]);
    const root = recordRoot(header);
    expect(recordRoot({ ...header })).toBe(root);
    expect(recordRoot({ ...header, inputs: { ...header.inputs, fee_ppm: 9_999 } })).not.toBe(root);
    expect(recordRoot({ ...header, prev_root: 'f'.repeat(64) })).not.toBe(root);
  });

  it('keys leaves by a hash of the address and the record, never the address', () => {
    const key = leafKey('ltc', 3, 'ltc1qminer');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(leafKey('ltc', 4, 'ltc1qminer')).not.toBe(key);
  });
});

describe('credits recomputed from published inputs', () => {
  it('PROP: each leaf re-derives exactly the credit propCredits gave, from its own work and the tree total', () => {
    fc.assert(
      fc.property(
        fc.array(difficulty, { minLength: 1, maxLength: 30 }),
        fc.bigInt({ min: 0n, max: 10n ** 22n }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (works, reward, feePpm) => {
          const split = propCredits(
            reward,
            feePpm,
            works.map((w, i) => [i, difficultyWeight(w)] as const),
          );
          const leaves = works.map((w, i) =>
            createLeaf({
              key: leafKey('ltc', 1, `a${i}`),
              work: [['prop', String(w)]],
              credit: (split.credits.get(i) ?? 0n).toString(),
            }),
          );
          const header = blockHeader(leaves, {
            inputs: {
              height: 1,
              hash: 'aa',
              scheme: 'prop',
              reward: reward.toString(),
              fees: '0',
              distributable: reward.toString(),
              fee_ppm: feePpm,
              round: 'prop',
            },
          });
          for (const leaf of leaves) expect(expectedCredit(header, leaf).toString()).toBe(leaf.credit);
          expect(checkInputs(header)).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('SOLO pays the finder the reward less the solo fee; fee_share splits the fees', () => {
    const solo = blockHeader([createLeaf()], {
      kind: 'solo',
      inputs: {
        height: 1,
        hash: 'aa',
        scheme: 'solo',
        reward: '1000000',
        fees: '5',
        distributable: '1000000',
        fee_ppm: 5_000,
        round: 'solo',
      },
    });
    expect(expectedCredit(solo, createLeaf())).toBe(soloCredit(1_000_000n, 5_000));
    const feeShare = blockHeader([createLeaf()], {
      kind: 'fee_share',
      inputs: {
        height: 1,
        hash: 'aa',
        scheme: 'pps',
        reward: '1000000',
        fees: '5',
        distributable: '1000000',
        fee_ppm: 0,
        round: 'pps',
      },
    });
    expect(checkInputs(feeShare)).toEqual({ field: 'inputs.distributable', expected: '5', found: '1000000' });
  });

  it('PPS: a leaf sums ppsCredit over its hours, each priced by the weighted mean of its samples', () => {
    const samples = [
      { at: 1, difficulty: '1000.5', weight: '1' },
      { at: 2, difficulty: '1200.25', weight: '1' },
    ];
    const mean = weightedDifficulty(samples.map((s) => ({ difficulty: Number(s.difficulty), weight: Number(s.weight) })));
    expect(mean).toBe((1000.5 + 1200.25) / 2);
    const header = blockHeader([createLeaf()], {
      kind: 'pps',
      inputs: {
        fee_ppm: 20_000,
        hours: [
          { hour: 3600, priced_by: 3600, samples, difficulty: String(mean), reward: '625000000' },
          { hour: 7200, priced_by: 3600, samples, difficulty: String(mean), reward: '625000000' },
        ],
        held: [],
      },
    });
    const leaf = createLeaf({
      work: [
        ['3600', '3.25'],
        ['7200', '0.5'],
      ],
    });
    expect(expectedCredit(header, leaf)).toBe(
      ppsCredit(3.25, mean, 625_000_000n, 20_000) + ppsCredit(0.5, mean, 625_000_000n, 20_000),
    );
    expect(checkInputs(header)).toBeNull();
    const forged = {
      ...header,
      inputs: {
        ...header.inputs,
        hours: [{ hour: 3600, priced_by: 3600, samples, difficulty: '2000', reward: '625000000' }],
        held: [],
      },
    };
    expect(checkInputs(forged as AuditHeader)?.field).toBe('inputs.hours[3600].difficulty');
  });
});
