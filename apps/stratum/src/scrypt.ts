/**
 * Litecoin's proof of work: scrypt(N=1024, r=1, p=1) of the 80-byte header, salted with
 * itself, 32 bytes out. Node's crypto implements scrypt (OpenSSL); N=1024, r=1 needs
 * 128 KiB, far under the default maxmem, which is still given explicitly.
 */
import { scryptSync } from 'node:crypto';

const PARAMS = { N: 1024, r: 1, p: 1, maxmem: 2 * 1024 * 1024 };

export function scryptPow(header: Uint8Array): Buffer {
  if (header.length !== 80) throw new Error(`a block header is 80 bytes, not ${header.length}`);
  return scryptSync(header, header, 32, PARAMS);
}

/** A hash as the 256-bit number the targets compare against (it is stored little-endian). */
export function hashValue(hash: Uint8Array): bigint {
  return BigInt('0x' + Buffer.from(hash).reverse().toString('hex'));
}
