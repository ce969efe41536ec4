/** Byte helpers of Bitcoin-family serialisation (little-endian integers, varints, pushes). */
import { createHash } from 'node:crypto';

export function sha256d(data: Uint8Array): Buffer {
  return createHash('sha256').update(createHash('sha256').update(data).digest()).digest();
}

export function reversed(data: Uint8Array): Buffer {
  return Buffer.from(data).reverse();
}

export function uint32le(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value >>> 0);
  return out;
}

export function uint64le(value: bigint): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(value);
  return out;
}

export function varint(n: number): Buffer {
  if (n < 0xfd) return Buffer.from([n]);
  if (n <= 0xffff) return Buffer.from([0xfd, n & 0xff, n >>> 8]);
  const out = Buffer.alloc(5);
  out[0] = 0xfe;
  out.writeUInt32LE(n, 1);
  return out;
}

/** A script push of a number as BIP 34 writes the block height (minimal CScriptNum). */
export function scriptNumber(n: number): Buffer {
  if (n >= 1 && n <= 16) return Buffer.from([0x50 + n]);
  if (n === 0) return Buffer.from([0x00]);
  const bytes: number[] = [];
  let rest = n;
  while (rest > 0) {
    bytes.push(rest & 0xff);
    rest = Math.floor(rest / 256);
  }
  if ((bytes.at(-1) ?? 0) & 0x80) bytes.push(0);
  return Buffer.from([bytes.length, ...bytes]);
}

/** Stratum's prevhash: the hash's internal byte order with every 32-bit word byte-swapped. */
export function swapWords(data: Uint8Array): Buffer {
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i += 4) {
    out[i] = data[i + 3]!;
    out[i + 1] = data[i + 2]!;
    out[i + 2] = data[i + 1]!;
    out[i + 3] = data[i]!;
  }
  return out;
}

export const isHex = (value: unknown, bytes: number): value is string =>
  typeof value === 'string' && value.length === bytes * 2 && /^[0-9a-fA-F]*$/.test(value);
