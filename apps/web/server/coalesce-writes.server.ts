/**
 * Hands the compression middleware a page in a few large pieces instead of React's 2 KB chunks,
 * each followed by a flush (decision 015). React Router writes every chunk React
 * renders and then calls `res.flush()`, which the compression middleware answers with a zlib
 * or Brotli flush: a 140 KB page became about 70 compressor calls and 70 flushed blocks, which
 * cost more CPU than rendering the page's markup did, most of all with the Brotli that browsers
 * ask for.
 *
 * Chunks written in one burst (a render writes its page synchronously) are joined and written
 * once the burst ends (`setImmediate`), or as soon as `maxBytes` are waiting; then the
 * compressor is flushed once, so a chunk that arrives later (streamed data) still reaches the
 * browser without waiting for the end of the response.
 */
import type { NextFunction, Request, Response } from 'express';

type WriteCallback = (error?: Error | null) => void;

/** A chunk given to `res.write`/`res.end` as bytes: Buffers as they are, typed arrays without a copy. */
export function chunkBuffer(chunk: unknown, encoding?: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

export function coalesceWrites(maxBytes = 64 * 1024) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const write = res.write.bind(res) as (chunk: Buffer) => boolean;
    const end = res.end.bind(res) as (callback?: () => void) => Response;
    const flushCompressor = (res as Response & { flush?: () => void }).flush?.bind(res);
    let pending: Buffer[] = [];
    let size = 0;
    let callbacks: WriteCallback[] = [];
    let scheduled: NodeJS.Immediate | null = null;

    const drain = (): boolean => {
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
      if (size === 0) return true;
      const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending, size);
      const done = callbacks;
      pending = [];
      size = 0;
      callbacks = [];
      const ok = write(chunk);
      for (const callback of done) process.nextTick(callback);
      return ok;
    };

    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      const done = (typeof encoding === 'function' ? encoding : callback) as WriteCallback | undefined;
      const buffer = chunkBuffer(chunk, encoding);
      pending.push(buffer);
      size += buffer.length;
      if (done) callbacks.push(done);
      if (size >= maxBytes) return drain();
      scheduled ??= setImmediate(() => {
        drain();
        flushCompressor?.();
      });
      return true;
    }) as Response['write'];

    // React Router flushes after every chunk; the flush happens once per burst instead (above).
    (res as Response & { flush?: () => void }).flush = () => {};

    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      let done = callback as (() => void) | undefined;
      if (typeof chunk === 'function') {
        done = chunk as () => void;
        chunk = undefined;
      } else if (typeof encoding === 'function') {
        done = encoding as () => void;
      }
      if (chunk !== undefined && chunk !== null) {
        const buffer = chunkBuffer(chunk, encoding);
        pending.push(buffer);
        size += buffer.length;
      }
      drain();
      return end(done);
    }) as Response['end'];

    next();
  };
}
