/**
 * Our CPU test miner: a Stratum V1 client that mines scrypt the way cpuminer does (it builds
 * the coinbase, merkle root and header from mining.notify itself) and measures its own hash
 * rate. `hashesPerSecond` throttles it: on regtest nearly every share is a block.
 */
import net from 'node:net';
import { reversed, sha256d, swapWords, uint32le } from '../bytes.ts';
import { hashValue, scryptPow } from '../scrypt.ts';
import { shareTarget } from '../target.ts';

interface MinerJob {
  id: string;
  prevHash: Buffer;
  coinb1: string;
  coinb2: string;
  branch: string[];
  version: number;
  bits: string;
  ntime: number;
}

export interface MinerOptions {
  host: string;
  port: number;
  login: string;
  password?: string;
  hashesPerSecond?: number;
  agent?: string;
  /**
   * Send `mining.hashrate` every `everyMs` (decision 023): `hashrate` if given, else what it measured
   * times `factor` (1 is honest; 1.5 a rig that claims half again what it does).
   */
  report?: { everyMs: number; hashrate?: number; factor?: number };
  log?: (line: string) => void;
}

export interface MinerStats {
  hashes: number;
  accepted: number;
  /** Sum of the stratum difficulty of accepted shares (x 65536 = the hashes they stand for). */
  acceptedDifficulty: number;
  rejected: number;
  startedAt: number;
  /** Rejection messages by error code. */
  errors: Map<number, number>;
}

export function startMiner(options: MinerOptions) {
  const stats: MinerStats = {
    hashes: 0,
    accepted: 0,
    acceptedDifficulty: 0,
    rejected: 0,
    startedAt: Date.now(),
    errors: new Map(),
  };
  const socket = net.connect({ host: options.host, port: options.port });
  let buffer = '';
  let nextId = 1;
  const pending = new Map<number, (result: unknown, error: unknown) => void>();
  let extranonce1 = '';
  let extranonce2Size = 4;
  let difficulty = 1;
  let job: MinerJob | undefined;
  let extranonce2 = 0;
  let nonce = 0;
  let header: Buffer | undefined;
  let stopped = false;
  let authorized = false;

  const call = (method: string, params: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (result, error) => (error ? reject(new Error(JSON.stringify(error))) : resolve(result)));
      socket.write(JSON.stringify({ id, method, params }) + '\n');
    });

  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      if (!line.trim()) continue;
      const message = JSON.parse(line) as {
        id: number | null;
        method?: string;
        params?: unknown[];
        result?: unknown;
        error?: unknown;
      };
      if (message.method === 'mining.set_difficulty') difficulty = Number(message.params?.[0]);
      else if (message.method === 'mining.notify') onNotify(message.params ?? []);
      else if (typeof message.id === 'number') {
        pending.get(message.id)?.(message.result, message.error);
        pending.delete(message.id);
      }
    }
  });

  function onNotify(params: unknown[]): void {
    const [id, prevHash, coinb1, coinb2, branch, version, bits, ntime] = params as [
      string,
      string,
      string,
      string,
      string[],
      string,
      string,
      string,
    ];
    job = {
      id,
      prevHash: swapWords(Buffer.from(prevHash, 'hex')),
      coinb1,
      coinb2,
      branch,
      version: parseInt(version, 16),
      bits,
      ntime: parseInt(ntime, 16),
    };
    extranonce2 += 1;
    nonce = 0;
    header = undefined;
  }

  function buildHeader(current: MinerJob, en2: string): Buffer {
    let root = sha256d(Buffer.from(current.coinb1 + extranonce1 + en2 + current.coinb2, 'hex'));
    for (const step of current.branch) root = sha256d(Buffer.concat([root, Buffer.from(step, 'hex')]));
    return Buffer.concat([
      uint32le(current.version),
      current.prevHash,
      root,
      uint32le(current.ntime),
      reversed(Buffer.from(current.bits, 'hex')),
      Buffer.alloc(4),
    ]);
  }

  function submit(current: MinerJob, en2: string, found: number): void {
    const judgedAt = difficulty;
    call('mining.submit', [
      options.login,
      current.id,
      en2,
      current.ntime.toString(16).padStart(8, '0'),
      found.toString(16).padStart(8, '0'),
    ]).then(
      () => {
        stats.accepted += 1;
        stats.acceptedDifficulty += judgedAt;
      },
      (error: Error) => {
        stats.rejected += 1;
        const code = Number((JSON.parse(error.message) as unknown[])[0]);
        stats.errors.set(code, (stats.errors.get(code) ?? 0) + 1);
      },
    );
  }

  /** Hashes in slices of ~20 ms so the socket keeps being read; throttled when asked. */
  function work(): void {
    if (stopped) return;
    const sliceEnd = performance.now() + 20;
    let budget = Infinity;
    if (options.hashesPerSecond) {
      const due = Math.floor(((Date.now() - stats.startedAt) / 1000) * options.hashesPerSecond) - stats.hashes;
      budget = Math.max(0, due);
    }
    while (authorized && job && budget > 0 && performance.now() < sliceEnd) {
      const current = job;
      const en2 = (extranonce2 >>> 0).toString(16).padStart(extranonce2Size * 2, '0');
      header ??= buildHeader(current, en2);
      header.writeUInt32LE(nonce, 76);
      const value = hashValue(scryptPow(header));
      stats.hashes += 1;
      budget -= 1;
      if (value <= shareTarget(difficulty)) submit(current, en2, nonce);
      nonce = (nonce + 1) >>> 0;
      if (nonce === 0) {
        extranonce2 += 1;
        header = undefined;
      }
    }
    setTimeout(work, budget === 0 ? 10 : 0);
  }

  const ready = new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('connect', () => {
      void (async () => {
        const subscribed = (await call('mining.subscribe', [options.agent ?? 'openpool-testminer/1.0'])) as [
          unknown,
          string,
          number,
        ];
        extranonce1 = subscribed[1];
        extranonce2Size = subscribed[2];
        await call('mining.authorize', [options.login, options.password ?? 'x']);
        authorized = true;
        stats.startedAt = Date.now();
        stats.hashes = 0;
        const reporting = options.report;
        if (reporting) {
          const report = () => {
            if (stopped) return;
            const measured = stats.hashes / Math.max(0.001, (Date.now() - stats.startedAt) / 1000);
            const claimed = reporting.hashrate ?? measured * (reporting.factor ?? 1);
            void call('mining.hashrate', [claimed, options.login]).catch(() => undefined);
            setTimeout(report, reporting.everyMs).unref();
          };
          report();
        }
        work();
        resolve();
      })().catch(reject);
    });
  });

  return {
    ready,
    stats,
    /** Hashes per second measured since authorisation. */
    hashrate: () => stats.hashes / Math.max(0.001, (Date.now() - stats.startedAt) / 1000),
    stop() {
      stopped = true;
      socket.destroy();
    },
  };
}
