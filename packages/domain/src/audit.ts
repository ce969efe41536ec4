/**
 * Audit records (decision 025): what the engine computed for each accounting period, in a
 * form anyone can re-derive. A record holds the period's inputs and the root of a Merkle sum
 * tree whose leaves are the miners' work and credit, keyed by a hash of the address; records
 * of a pool coin are hash-chained (each carries the previous record's root). Pure: the engine
 * writes records with it, the API answers proofs with it, and the standalone verifier and the
 * browser's Verify page check them with it, with the same reward formulas (rewards.ts).
 */
import { afterFee, difficultyWeight, ppsCredit, proportionalShare, soloCredit } from './rewards.ts';
import { weightedDifficulty, type PpsHourInputs } from './pps-price.ts';
import { sha256, sha256Hex, toHex, fromHex } from './sha256.ts';

export const AUDIT_VERSION = 1;
const encoder = new TextEncoder();

/** The root before a chain's first record. */
export const GENESIS_ROOT = '0'.repeat(64);

/** Which credit a period gives: a PPS run, or a block of a scheme (merge: a merge-mined child's block). */
export type AuditKind = 'pps' | 'prop' | 'solo' | 'fee_share' | 'merge';
export const AUDIT_KINDS: readonly AuditKind[] = ['pps', 'prop', 'solo', 'fee_share', 'merge'];

// The PPS price inputs live with the price rule, which builds them (no import loop).
export type { DifficultySample, PpsHourInputs } from './pps-price.ts';

export interface PpsInputs {
  fee_ppm: number;
  hours: PpsHourInputs[];
  /** Hours the breaker held instead of crediting (decision 018): not in the leaves. */
  held: { hour: number; total: string }[];
}

export interface BlockInputs {
  height: number;
  hash: string;
  /** The block's scheme as the stratum server reported it. */
  scheme: string;
  reward: string;
  fees: string;
  /** What the round's miners share before the fee: the reward, or the fees for PPS+'s "+". */
  distributable: string;
  fee_ppm: number;
  /** The round it closed in `round_shares` (prop, solo, pps, merge:{child}), of the parent coin for a merged one. */
  round: string;
}

/** What hashes into a record's root: everything but the root itself. */
export interface AuditHeader {
  v: number;
  /** The pool coin whose chain of records this is (the parent, for a merged coin's block). */
  chain: string;
  seq: number;
  kind: AuditKind;
  /** The coin whose ledger the credits are in. */
  coin: string;
  /** Unix seconds: the PPS run's hour boundary, or when the block was found. */
  at: number;
  inputs: PpsInputs | BlockInputs;
  leaves_root: string;
  leaf_count: number;
  /** Sum of the leaves' work weights (atto-difficulty, rewards.ts) and credits (smallest units). */
  work_total: string;
  credit_total: string;
  prev_root: string;
}

/**
 * One miner's leaf. `work` lists the difficulty counted, labelled (a PPS run: per hour of
 * shares, the hour in unix seconds; a block: its round), each as the float's shortest decimal
 * form, which is what `difficultyWeight` reads.
 */
export interface AuditLeaf {
  key: string;
  work: [string, string][];
  credit: string;
}

/**
 * JSON with keys sorted and no spaces: one text per value, whoever writes it. Values are
 * strings, booleans, null, safe integers, arrays and plain objects; anything else (a float,
 * a bigint) is refused, so no number's formatting can differ between implementations.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`canonical JSON takes safe integers only, not ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`canonical JSON cannot hold a ${typeof value}`);
}

/**
 * SHA-256 as a function of bytes. Every function here defaults to the pure one (sha256.ts);
 * the engine hands in node:crypto's, the same digest faster, for the records it writes.
 */
export type Sha256 = (data: Uint8Array) => Uint8Array;

/** A leaf's key: the address hashed with its record's place, so leaves of two periods cannot be linked. */
export function leafKey(chain: string, seq: number, address: string, hash: Sha256 = sha256): string {
  return toHex(hash(encoder.encode(`openpool-audit-leaf\n${chain}\n${seq}\n${address}`)));
}

/** The record's root: SHA-256 of its header's canonical JSON. */
export function recordRoot(header: AuditHeader): string {
  return sha256Hex(canonicalJson(header));
}

// ---- The Merkle sum tree -------------------------------------------------------------------

/** A tree node: its hash and the sums of the work weights and credits below it. */
export interface SumNode {
  hash: Uint8Array;
  work: bigint;
  credit: bigint;
  /** The sums as 64 bytes (work u256 ‖ credit u256), kept so storing the tree encodes nothing twice. */
  sums?: Uint8Array;
}

const U256 = 2n ** 256n;

const MASK64 = 0xffff_ffff_ffff_ffffn;

/** `value` big-endian into 32 bytes of `out` at `offset`: four 64-bit words, not 32 byte shifts (a 10,000-leaf record writes 40,000). */
function writeU256(out: Uint8Array, offset: number, value: bigint): void {
  if (value < 0n || value >= U256) throw new Error(`audit sum out of range: ${value}`);
  const view = new DataView(out.buffer, out.byteOffset + offset, 32);
  let rest = value;
  for (let word = 3; word >= 0; word--) {
    view.setBigUint64(word * 8, rest & MASK64);
    rest >>= 64n;
  }
}

function sumsOf(work: bigint, credit: bigint): Uint8Array {
  const sums = new Uint8Array(64);
  writeU256(sums, 0, work);
  writeU256(sums, 32, credit);
  return sums;
}

function readU256(bytes: Uint8Array, offset: number): bigint {
  let value = 0n;
  for (let i = 0; i < 32; i++) value = (value << 8n) | BigInt(bytes[offset + i]!);
  return value;
}

/** A leaf's work weight: the sum of its difficulties' weights (each read as `difficultyWeight` reads it). */
export function leafWork(leaf: AuditLeaf): bigint {
  let sum = 0n;
  for (const [, difficulty] of leaf.work) sum += difficultyWeight(Number(difficulty));
  return sum;
}

/**
 * canonicalJson(leaf), spelled out: its three keys are already in order (credit < key < work),
 * and a record of 10,000 leaves spends less time here than in the general function.
 */
export function leafJson(leaf: AuditLeaf): string {
  const work = leaf.work.map(([label, difficulty]) => `[${JSON.stringify(label)},${JSON.stringify(difficulty)}]`).join(',');
  return `{"credit":${JSON.stringify(leaf.credit)},"key":${JSON.stringify(leaf.key)},"work":[${work}]}`;
}

/** Leaf: SHA-256(0x00 ‖ work u256 ‖ credit u256 ‖ canonical JSON of the leaf). */
export function leafNode(leaf: AuditLeaf, hash: Sha256 = sha256): SumNode {
  const work = leafWork(leaf);
  const credit = BigInt(leaf.credit);
  const json = encoder.encode(leafJson(leaf));
  const sums = sumsOf(work, credit);
  const bytes = new Uint8Array(1 + 64 + json.length);
  bytes[0] = 0;
  bytes.set(sums, 1);
  bytes.set(json, 65);
  return { hash: hash(bytes), work, credit, sums };
}

/** Inner node: SHA-256(0x01 ‖ left hash ‖ right hash ‖ work sum u256 ‖ credit sum u256). */
export function parentNode(left: SumNode, right: SumNode, hash: Sha256 = sha256): SumNode {
  const work = left.work + right.work;
  const credit = left.credit + right.credit;
  const sums = sumsOf(work, credit);
  const bytes = new Uint8Array(1 + 32 * 4);
  bytes[0] = 1;
  bytes.set(left.hash, 1);
  bytes.set(right.hash, 33);
  bytes.set(sums, 65);
  return { hash: hash(bytes), work, credit, sums };
}

const EMPTY: SumNode = { hash: new Uint8Array(32), work: 0n, credit: 0n };

/**
 * Every level of the tree, leaves first. A level of odd length carries its last node up
 * unpaired (never paired with itself: duplicating it would let two leaf lists share a root).
 */
export function buildTree(leaves: readonly AuditLeaf[], hash: Sha256 = sha256): SumNode[][] {
  const levels: SumNode[][] = [leaves.map((leaf) => leafNode(leaf, hash))];
  for (let level = levels[0]!; level.length > 1;) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(i + 1 < level.length ? parentNode(level[i]!, level[i + 1]!, hash) : level[i]!);
    levels.push(next);
    level = next;
  }
  return levels;
}

export function treeRoot(levels: readonly SumNode[][]): SumNode {
  return levels.at(-1)?.[0] ?? EMPTY;
}

/** One step of a proof: the sibling at that level and on which side it sits. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
  work: string;
  credit: string;
}

/** Sizes of each level for `count` leaves (the shape `buildTree` makes). */
export function levelSizes(count: number): number[] {
  const sizes = [count];
  for (let size = count; size > 1;) {
    size = Math.ceil(size / 2);
    sizes.push(size);
  }
  return sizes;
}

/** Which node of each level a proof of leaf `index` needs: [level, index, side] (none where a node was carried up). */
export function proofPositions(count: number, index: number): [number, number, 'left' | 'right'][] {
  const sizes = levelSizes(count);
  const out: [number, number, 'left' | 'right'][] = [];
  let at = index;
  for (let level = 0; level < sizes.length - 1; level++) {
    const sibling = at % 2 === 0 ? at + 1 : at - 1;
    if (sibling < sizes[level]!) out.push([level, sibling, at % 2 === 0 ? 'right' : 'left']);
    at = Math.floor(at / 2);
  }
  return out;
}

export function proofFromTree(levels: readonly SumNode[][], index: number): ProofStep[] {
  return proofPositions(levels[0]?.length ?? 0, index).map(([level, at, side]) => {
    const node = levels[level]![at]!;
    return { side, hash: toHex(node.hash), work: node.work.toString(), credit: node.credit.toString() };
  });
}

/** The root a leaf and its proof hash up to; the caller compares it with the record's. */
export function rootFromProof(leaf: AuditLeaf, proof: readonly ProofStep[]): SumNode {
  let node = leafNode(leaf);
  for (const step of proof) {
    const sibling = { hash: fromHex(step.hash), work: BigInt(step.work), credit: BigInt(step.credit) };
    node = step.side === 'left' ? parentNode(sibling, node) : parentNode(node, sibling);
  }
  return node;
}

/** Bytes per node in a stored tree: hash, work sum, credit sum. */
export const NODE_BYTES = 96;

/** The whole tree, level after level, NODE_BYTES per node: stored with the record so a proof reads a few slices of it. */
export function serializeTree(levels: readonly SumNode[][]): Uint8Array {
  const total = levels.reduce((n, level) => n + level.length, 0);
  const out = new Uint8Array(total * NODE_BYTES);
  let offset = 0;
  for (const level of levels) {
    for (const node of level) {
      out.set(node.hash, offset);
      out.set(node.sums ?? sumsOf(node.work, node.credit), offset + 32);
      offset += NODE_BYTES;
    }
  }
  return out;
}

/** Byte offset of node `index` of `level` in a serialised tree of `count` leaves. */
export function nodeOffset(count: number, level: number, index: number): number {
  const sizes = levelSizes(count);
  let before = 0;
  for (let l = 0; l < level; l++) before += sizes[l]!;
  return (before + index) * NODE_BYTES;
}

export function readNode(bytes: Uint8Array, offset = 0): SumNode {
  return { hash: bytes.slice(offset, offset + 32), work: readU256(bytes, offset + 32), credit: readU256(bytes, offset + 64) };
}

// ---- The documented credit formulas -------------------------------------------------------

/** What a record's inputs say about one of its fields that does not hold, if any. */
export interface AuditMismatch {
  field: string;
  expected: string;
  found: string;
}

/** Checks a PPS record's derived inputs (each hour's difficulty from its samples). */
export function checkInputs(header: AuditHeader): AuditMismatch | null {
  if (header.kind === 'pps') {
    for (const hour of (header.inputs as PpsInputs).hours) {
      const difficulty = String(
        weightedDifficulty(hour.samples.map((s) => ({ difficulty: Number(s.difficulty), weight: Number(s.weight) }))),
      );
      if (difficulty !== hour.difficulty)
        return { field: `inputs.hours[${hour.hour}].difficulty`, expected: difficulty, found: hour.difficulty };
    }
    return null;
  }
  const inputs = header.inputs as BlockInputs;
  const distributable = header.kind === 'fee_share' ? inputs.fees : inputs.reward;
  if (distributable !== inputs.distributable)
    return { field: 'inputs.distributable', expected: distributable, found: inputs.distributable };
  return null;
}

/**
 * The credit a leaf must carry, recomputed from the record's published inputs:
 * - pps: Σ over its hours of ppsCredit(work, hour's difficulty, hour's reward, fee);
 * - prop, fee_share, merge: distributable x (1 - fee) x leaf work / the record's work total,
 *   rounded down (what rounding leaves stays with the pool);
 * - solo: distributable x (1 - fee), to the finder's one leaf.
 */
export function expectedCredit(header: AuditHeader, leaf: AuditLeaf): bigint {
  if (header.kind === 'pps') {
    const inputs = header.inputs as PpsInputs;
    const hours = new Map(inputs.hours.map((hour) => [String(hour.hour), hour]));
    let credit = 0n;
    for (const [label, work] of leaf.work) {
      const hour = hours.get(label);
      if (!hour) throw new Error(`leaf work for hour ${label} that the record does not price`);
      credit += ppsCredit(Number(work), Number(hour.difficulty), BigInt(hour.reward), inputs.fee_ppm);
    }
    return credit;
  }
  const inputs = header.inputs as BlockInputs;
  const distributable = BigInt(inputs.distributable);
  if (header.kind === 'solo') return soloCredit(distributable, inputs.fee_ppm);
  // One miner's part of the split propCredits made (the same division), from the tree's work total.
  return proportionalShare(afterFee(distributable, inputs.fee_ppm), leafWork(leaf), BigInt(header.work_total));
}

// ---- The coinbase commitment -------------------------------------------------------------

/** 'OPA1': OpenPool audit, format 1, before the root in the coinbase's OP_RETURN output. */
const ANCHOR_TAG = '4f504131';

/**
 * The output script that commits a block the pool mines to the latest audit root (decision
 * 025): OP_RETURN, a push of 36 bytes, the tag and the 32-byte root. Well under the 80 bytes
 * nodes relay, and a block explorer shows it.
 */
export function anchorScript(root: string): string {
  return `6a24${anchorPayload(root)}`;
}

/** The 36 bytes of a commitment, hex: the tag and the root (the push of ltc's script, xmr's tx extra bytes). */
export function anchorPayload(root: string): string {
  if (!/^[0-9a-f]{64}$/.test(root)) throw new Error('an audit root is 64 lower-case hex digits');
  return `${ANCHOR_TAG}${root}`;
}

/** The audit root an output script commits to, or null when it is not our commitment. */
export function anchoredRoot(scriptHex: string): string | null {
  const match = /^6a244f504131([0-9a-f]{64})$/.exec(scriptHex.toLowerCase());
  return match ? match[1]! : null;
}

/**
 * The audit root a Monero miner transaction's extra commits to, or null. The pool writes the
 * tag and root into the extra nonce field monerod reserves for it (tag 0x02, after the
 * connection's 8-byte extra nonce); the fields are walked so that a public key's bytes can
 * never be taken for a commitment. `extra` as monerod's `get_block` json lists it (bytes).
 */
export function extraAnchoredRoot(extra: readonly number[] | Uint8Array): string | null {
  const bytes = Uint8Array.from(extra);
  const varint = (at: number): [number, number] => {
    let value = 0;
    for (let shift = 0; at < bytes.length && shift < 35; shift += 7, at += 1) {
      value += (bytes[at]! & 0x7f) * 2 ** shift;
      if ((bytes[at]! & 0x80) === 0) return [value, at + 1];
    }
    return [-1, bytes.length];
  };
  for (let at = 0; at < bytes.length;) {
    const tag = bytes[at]!;
    if (tag === 0x01)
      at += 33; // the tx public key
    else if (tag === 0x02 || tag === 0x03) {
      // An extra nonce (ours is in one), or a merge-mining field: a length, then its bytes.
      const [length, start] = varint(at + 1);
      if (length < 0 || start + length > bytes.length) return null;
      if (tag === 0x02) {
        const hex = toHex(bytes.subarray(start, start + length));
        for (let i = hex.indexOf(ANCHOR_TAG); i >= 0; i = hex.indexOf(ANCHOR_TAG, i + 2)) {
          if (i % 2 === 0 && i + 8 + 64 <= hex.length) return hex.slice(i + 8, i + 8 + 64);
        }
      }
      at = start + length;
    } else if (tag === 0x04) {
      const [count, start] = varint(at + 1); // additional public keys
      if (count < 0) return null;
      at = start + 32 * count;
    } else return null; // padding (0x00) ends the fields; anything else we cannot read past
  }
  return null;
}
