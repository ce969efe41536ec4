/**
 * A worker's graceful end for rolling restarts (decision 022): for `drainMs` every response asks
 * its client to close the connection (`Connection: close`), so keep-alive clients leave on a
 * response of theirs instead of meeting a closed socket on their next request; then the
 * listener closes (connections idle since before the drain with it) and requests in flight
 * finish. A stop that hangs ends at `deadlineMs`.
 */
import type { Server } from 'node:http';
import type { RequestHandler } from 'express';

export interface Drain {
  /** First middleware. */
  middleware: RequestHandler;
  start(server: Server, options: { drainMs: number; deadlineMs: number }): Promise<void>;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    middleware(_req, res, next) {
      if (draining) res.setHeader('connection', 'close');
      next();
    },
    async start(server, { drainMs, deadlineMs }) {
      draining = true;
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        setTimeout(resolve, deadlineMs).unref();
      });
    },
  };
}
