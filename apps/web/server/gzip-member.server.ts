/**
 * A page's gzip member spliced from parts deflated once (decision 015): each part between two
 * CSP nonces is deflated ahead, off the main thread, and a response is assembled as one gzip
 * member with its fresh nonces as stored blocks between them, so a cached page is never
 * compressed again for each visitor. The page cache (html-cache.server.ts) keeps the parts;
 * this file knows gzip and deflate, nothing of caching.
 */
import { promisify } from 'node:util';
import { constants as zlibConstants, crc32, deflateRaw } from 'node:zlib';

const deflatePart = promisify(deflateRaw);
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]); // deflate, no name, no mtime, OS unknown
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * A part as deflate blocks that end byte-aligned and not final, so more blocks may follow.
 * `history` is what precedes the part in the page, its nonces as NUL bytes of the same length:
 * matches may reach back into it (as one deflate of the whole page would), never into a nonce,
 * since HTML has no NUL bytes to match (`deflateParts` checks).
 */
function deflateForMember(part: Buffer, history?: Buffer): Promise<Buffer> {
  return deflatePart(part, {
    finishFlush: zlibConstants.Z_SYNC_FLUSH,
    // Output buffers of at most the part's size: a small part's come from Node's shared pool.
    chunkSize: Math.min(16 * 1024, Math.max(1024, part.length)),
    ...(history?.length ? { dictionary: history } : {}),
  });
}

/**
 * How much of the page before a part its deflate may refer to. Most parts are the few bytes
 * between two scripts' nonces, which repeat what came just before; 4 KB of history gets those
 * (a page's 22 parts: /btc 14.9 KB with 32 KB of history, 15.1 KB with 4 KB, 16.0 KB with
 * none), and a history this short comes from Node's shared buffer pool instead of a fresh
 * allocation per part.
 */
const HISTORY = 4095;

/**
 * Every part of a page deflated for `gzipMember`, each with the page before it as its history,
 * one after the other: one compressor's state (about 300 KB) alive at a time, not one per part.
 */
export async function deflateParts(parts: readonly Buffer[], nonceLength: number): Promise<Buffer[]> {
  const gap = Buffer.alloc(nonceLength);
  const noNul = parts.every((part) => !part.includes(0));
  const deflated: Buffer[] = [];
  let history = Buffer.alloc(0);
  for (const [index, part] of parts.entries()) {
    deflated.push(await deflateForMember(part, noNul ? history : undefined));
    if (!noNul || index === parts.length - 1) continue;
    const tail = part.subarray(-Math.max(0, HISTORY - gap.length));
    const kept = history.subarray(Math.max(0, history.length - (HISTORY - gap.length - tail.length)));
    history = Buffer.concat([kept, tail, gap]);
  }
  return deflated;
}

/**
 * One gzip member (RFC 1952) of `parts` joined by `between`, from the parts deflated ahead
 * (`deflateParts`): each `between` goes in as a stored block (RFC 1951, 3.2.4), the stream
 * ends with an empty final block, and the trailer carries the CRC-32 and size of the whole.
 * Returned as its pieces, to be written as they are: joining them would allocate a page-sized
 * buffer per response, garbage that piled up between collections (about 40 MB more RSS under
 * load).
 */
export function gzipMember(deflated: readonly Buffer[], parts: readonly Buffer[], between: Buffer): Buffer[] {
  if (between.length > 0xffff) throw new RangeError('gzipMember: a stored block holds at most 65,535 bytes');
  // Small enough for Node's shared pool: a hit allocates no buffer of its own but these.
  const stored = Buffer.allocUnsafe(5 + between.length);
  stored[0] = 0; // not final, stored
  stored.writeUInt16LE(between.length, 1);
  stored.writeUInt16LE(~between.length & 0xffff, 3);
  between.copy(stored, 5);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(stored);
      crc = crc32(between, crc);
      size += between.length;
    }
    pieces.push(deflated[index]!);
    crc = crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return pieces;
}
