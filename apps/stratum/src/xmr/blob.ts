/**
 * Monero's block format, as far as a pool needs it: the template from `get_block_template`
 * parsed into header, miner transaction and transaction hashes; the hashing blob a miner
 * hashes (header, Keccak tree hash of the miner transaction's hash and the other hashes,
 * transaction count); the block sent back with `submit_block`; the block's id.
 * Written from the CryptoNote serialisation rules (varints, tx prefix, RingCT base).
 */
import { keccak_256 } from '@noble/hashes/sha3.js';

export const keccak = (data: Uint8Array): Buffer => Buffer.from(keccak_256(data));

/** A CryptoNote varint: 7 bits a byte, low bits first. Bounded at 9 bytes (63 bits). */
export function readVarint(buffer: Buffer, offset: number): [value: bigint, next: number] {
  let value = 0n;
  for (let shift = 0n, at = offset; at < buffer.length && shift < 63n; shift += 7n, at += 1) {
    const byte = buffer[at]!;
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [value, at + 1];
  }
  throw new Error(`bad varint at byte ${offset}`);
}

export function writeVarint(value: bigint | number): Buffer {
  let rest = BigInt(value);
  const out: number[] = [];
  while (rest >= 0x80n) {
    out.push(Number(rest & 0x7fn) | 0x80);
    rest >>= 7n;
  }
  out.push(Number(rest));
  return Buffer.from(out);
}

/** CryptoNote's tree hash of transaction hashes (not a Bitcoin Merkle tree: the odd leaves pair first). */
export function treeHash(hashes: readonly Buffer[]): Buffer {
  const count = hashes.length;
  if (count === 0) throw new Error('tree hash of nothing');
  if (count === 1) return Buffer.from(hashes[0]!);
  if (count === 2) return keccak(Buffer.concat([hashes[0]!, hashes[1]!]));
  let width = 1;
  while (width * 2 < count) width *= 2; // the largest power of two below count
  const level: Buffer[] = hashes.slice(0, 2 * width - count);
  for (let i = 2 * width - count; i < count; i += 2) level.push(keccak(Buffer.concat([hashes[i]!, hashes[i + 1]!])));
  let nodes = level;
  while (nodes.length > 1) {
    const next: Buffer[] = [];
    for (let i = 0; i < nodes.length; i += 2) next.push(keccak(Buffer.concat([nodes[i]!, nodes[i + 1]!])));
    nodes = next;
  }
  return nodes[0]!;
}

export interface BlockTemplate {
  blob: Buffer;
  /** Offset of the 4-byte nonce (after version, timestamp and previous id). */
  nonceOffset: number;
  /** The miner transaction's bytes within the blob. */
  minerTxStart: number;
  minerTxEnd: number;
  /** End of its prefix (version 2: the RingCT base, one byte of type 0, follows). */
  minerPrefixEnd: number;
  txVersion: number;
  txHashes: Buffer[];
  /** The reserved bytes for our extra nonce (from the node's reserved_offset). */
  reservedOffset: number;
  reservedSize: number;
}

/** Parses a template blob; throws on anything that is not a block whose miner tx holds the reserved bytes. */
export function parseBlockTemplate(blob: Buffer, reservedOffset: number, reservedSize: number): BlockTemplate {
  let at = 0;
  let value: bigint;
  [, at] = readVarint(blob, at); // major version
  [, at] = readVarint(blob, at); // minor version
  [, at] = readVarint(blob, at); // timestamp
  at += 32; // previous block id
  const nonceOffset = at;
  at += 4;
  const minerTxStart = at;
  [value, at] = readVarint(blob, at);
  const txVersion = Number(value);
  if (txVersion !== 1 && txVersion !== 2) throw new Error(`miner tx version ${txVersion}`);
  [, at] = readVarint(blob, at); // unlock time
  [value, at] = readVarint(blob, at);
  if (value !== 1n) throw new Error('miner tx must have one input');
  if (blob[at] !== 0xff) throw new Error('miner tx input is not a coinbase');
  [, at] = readVarint(blob, at + 1); // height
  const [outputs, afterCount] = readVarint(blob, at);
  at = afterCount;
  for (let i = 0n; i < outputs; i += 1n) {
    [, at] = readVarint(blob, at); // amount
    const type = blob[at];
    if (type === 0x02) at += 1 + 32;
    else if (type === 0x03)
      at += 1 + 32 + 1; // tagged key: key and view tag
    else throw new Error(`miner tx output type ${type}`);
  }
  const [extraLength, extraStart] = readVarint(blob, at);
  at = extraStart + Number(extraLength);
  const minerPrefixEnd = at;
  if (reservedOffset < extraStart || reservedOffset + reservedSize > minerPrefixEnd)
    throw new Error('the reserved bytes are not in the miner tx extra');
  if (txVersion === 2) {
    if (blob[at] !== 0x00) throw new Error('miner tx RingCT type is not null');
    at += 1;
  }
  const minerTxEnd = at;
  const [count, hashesStart] = readVarint(blob, at);
  at = hashesStart;
  const txHashes: Buffer[] = [];
  for (let i = 0n; i < count; i += 1n, at += 32) txHashes.push(blob.subarray(at, at + 32));
  if (at !== blob.length) throw new Error(`template has ${blob.length - at} bytes past its transactions`);
  return { blob, nonceOffset, minerTxStart, minerTxEnd, minerPrefixEnd, txVersion, txHashes, reservedOffset, reservedSize };
}

/** The template's blob with our extra nonce in the reserved bytes (a copy). */
export function withExtraNonce(template: BlockTemplate, extraNonce: Buffer): Buffer {
  if (extraNonce.length > template.reservedSize) throw new Error('extra nonce larger than the reserved space');
  const blob = Buffer.from(template.blob);
  extraNonce.copy(blob, template.reservedOffset);
  return blob;
}

// Keccak of the null RingCT base (one byte, type 0) and the null prunable hash of a miner tx.
const NULL_RCT_BASE_HASH = keccak(Buffer.from([0]));
const NULL_HASH = Buffer.alloc(32);

export function minerTxHash(template: BlockTemplate, blob: Buffer): Buffer {
  const tx = blob.subarray(template.minerTxStart, template.minerTxEnd);
  if (template.txVersion === 1) return keccak(tx);
  const prefix = blob.subarray(template.minerTxStart, template.minerPrefixEnd);
  return keccak(Buffer.concat([keccak(prefix), NULL_RCT_BASE_HASH, NULL_HASH]));
}

/** What a miner hashes: header, tree root of all transactions, their count. */
export function hashingBlob(template: BlockTemplate, blob: Buffer): Buffer {
  const root = treeHash([minerTxHash(template, blob), ...template.txHashes]);
  return Buffer.concat([blob.subarray(0, template.minerTxStart), root, writeVarint(template.txHashes.length + 1)]);
}

/** The block's id: Keccak of the hashing blob behind its length. */
export function blockId(hashing: Buffer): Buffer {
  return keccak(Buffer.concat([writeVarint(hashing.length), hashing]));
}

/** A copy of `blob` with the 4-byte nonce (as the miner sent it, little-endian hex) at its place. */
export function withNonce(blob: Buffer, nonceOffset: number, nonce: Buffer): Buffer {
  const out = Buffer.from(blob);
  nonce.copy(out, nonceOffset);
  return out;
}
