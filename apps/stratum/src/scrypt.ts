/**
 * Litecoin's proof of work: scrypt(N=1024, r=1, p=1) of the 80-byte header, salted with
 * itself, 32 bytes out. Node's crypto implements scrypt (OpenSSL); N=1024, r=1 needs
 * 128 KiB, far under the default maxmem, which is still given explicitly.
 */
import { scrypt, scryptSync } from 'node:crypto';

const PARAMS = { N: 1024, r: 1, p: 1, maxmem: 2 * 1024 * 1024 };

export function scryptPow(header: Uint8Array): Buffer {
  if (header.length !== 80) throw new Error(`a block header is 80 bytes, not ${header.length}`);
  return scryptSync(header, header, 32, PARAMS);
}

/**
 * The same hash off the event loop: Node runs it on libuv's thread pool (4 threads by default,
 * `UV_THREADPOOL_SIZE`), so the server hashes on every core while the loop keeps reading,
 * framing and answering other miners (bench:stratum measures both).
 */
export function scryptPowAsync(header: Uint8Array): Promise<Buffer> {
  if (header.length !== 80) return Promise.reject(new Error(`a block header is 80 bytes, not ${header.length}`));
  return new Promise((resolve, reject) =>
    scrypt(header, header, 32, PARAMS, (error, hash) => (error ? reject(error) : resolve(hash))),
  );
}

/** A hash as the 256-bit number the targets compare against (it is stored little-endian). */
export function hashValue(hash: Uint8Array): bigint {
  return BigInt('0x' + Buffer.from(hash).reverse().toString('hex'));
}
