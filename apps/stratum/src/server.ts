/**
 * The TCP side: newline framing with a line limit, timeouts against slow or silent clients,
 * banned IPs refused at connect, one session per connection (each chain family's protocol in its own
 * module: `Session` for ltc, xmr/session.ts for Monero), jobs broadcast to all.
 * A bad client only ever loses its own connection.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { Job } from './job.ts';
import { parseRequest, reply, stratumError } from './protocol.ts';
import { Session, type PoolCore } from './session.ts';

export interface ServerLimits {
  /** Longest accepted line (a submit is ~200 bytes; configure/subscribe well under 1 KiB). */
  maxLineBytes: number;
  /** A connection must subscribe and authorise within this time. */
  loginTimeoutMs: number;
  /** An authorised connection that sends nothing for this long is closed. */
  idleTimeoutMs: number;
  /** Garbage lines tolerated per connection before it is closed. */
  maxBadLines: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  maxLineBytes: 16 * 1024,
  loginTimeoutMs: 30_000,
  idleTimeoutMs: 15 * 60_000,
  maxBadLines: 10,
};

export interface StratumServer {
  listen(port: number, host: string): Promise<number>;
  broadcast(job: Job, clean: boolean): void;
  connections(): number;
  close(): Promise<void>;
}

/** One connection's protocol (Stratum V1 for ltc, XMRig's JSON-RPC for xmr) behind the shared TCP side. */
export interface LineSession<J> {
  readonly authorized: boolean;
  /** Answers one line; a rejected promise closes the connection. */
  handleLine(line: string): Promise<void> | 'invalid';
  notify(job: J, clean: boolean): void;
  tick(): void;
}

export interface LineServerOptions<J> {
  isBanned(ip: string): boolean;
  onConnection?(): void;
  limits: ServerLimits;
  /** A connection's session; `extranonce` is a per-connection 4-byte counter (hex) for unique work. */
  connect(ip: string, extranonce: string, write: (text: string) => void, end: (reason: string) => void): LineSession<J>;
}

export interface LineServer<J> {
  listen(port: number, host: string): Promise<number>;
  broadcast(job: J, clean: boolean): void;
  connections(): number;
  close(): Promise<void>;
}

export function createStratumServer(core: PoolCore, limits: ServerLimits = DEFAULT_LIMITS): StratumServer {
  return createLineServer<Job>({
    isBanned: (ip) => core.bans.isBanned(ip, core.now()),
    onConnection: core.onConnection,
    limits,
    connect(ip, extranonce, write, end) {
      const session = new Session(core, ip, extranonce, write, end);
      return {
        get authorized() {
          return session.authorized;
        },
        handleLine(line) {
          const request = parseRequest(line);
          if ('invalid' in request) {
            write(reply(null, null, stratumError('other', request.invalid)));
            return 'invalid';
          }
          return session.handle(request);
        },
        notify: (job, clean) => session.notify(job, clean),
        tick: () => session.tick(),
      };
    },
  });
}

export function createLineServer<J>(options: LineServerOptions<J>): LineServer<J> {
  const { limits } = options;
  const sessions = new Set<LineSession<J>>();
  const sockets = new Set<net.Socket>();
  let extranonce = randomBytes(4).readUInt32BE();

  const server = net.createServer((socket) => {
    const ip = (socket.remoteAddress ?? '0.0.0.0').replace(/^::ffff:/, '');
    if (options.isBanned(ip)) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    options.onConnection?.();
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    extranonce = (extranonce + 1) >>> 0;
    const write = (text: string) => {
      if (!socket.destroyed && socket.writable) socket.write(text);
    };
    const end = (_reason: string) => socket.destroy();
    const session = options.connect(ip, extranonce.toString(16).padStart(8, '0'), write, end);
    sessions.add(session);

    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let badLines = 0;
    let queue = Promise.resolve();
    let loginTimer: NodeJS.Timeout | undefined = setTimeout(() => {
      if (!session.authorized) socket.destroy();
    }, limits.loginTimeoutMs);
    socket.setTimeout(limits.idleTimeoutMs, () => socket.destroy());

    const onLine = (line: string) => {
      if (line.trim() === '') return;
      // Lines of one connection are answered in order, even when authorize waits on the node;
      // a line that is not a request is answered at once and counted.
      queue = queue
        .then(() => {
          const handled = session.handleLine(line);
          if (handled === 'invalid') {
            if (++badLines >= limits.maxBadLines) socket.destroy();
            return;
          }
          return handled;
        })
        .then(() => {
          if (session.authorized && loginTimer) {
            clearTimeout(loginTimer);
            loginTimer = undefined;
          }
        })
        .catch(() => {
          socket.destroy();
        });
    };

    socket.on('data', (chunk: Buffer) => {
      let start = 0;
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, at);
        const line = pendingBytes > 0 ? Buffer.concat([...pending, piece]).toString('utf8') : piece.toString('utf8');
        pending = [];
        pendingBytes = 0;
        start = at + 1;
        if (line.length > limits.maxLineBytes) {
          socket.destroy();
          return;
        }
        onLine(line);
      }
      if (start < chunk.length) {
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        // A line that never ends (a 1 MB line, a slow-loris client) is cut off here.
        if (pendingBytes > limits.maxLineBytes) socket.destroy();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (loginTimer) clearTimeout(loginTimer);
      sessions.delete(session);
      sockets.delete(socket);
    });
  });
  server.maxConnections = 100_000;

  const vardiffTimer = setInterval(() => {
    for (const session of sessions) session.tick();
  }, 5_000);
  vardiffTimer.unref();

  return {
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host, backlog: 4096 }, () => {
          server.off('error', reject);
          resolve((server.address() as net.AddressInfo).port);
        });
      });
    },
    broadcast(job, clean) {
      for (const session of sessions) session.notify(job, clean);
    },
    connections: () => sessions.size,
    close() {
      clearInterval(vardiffTimer);
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
