/**
 * Our CPU test miner for Monero: speaks XMRig's protocol (login, job, submit, keepalived),
 * hashes the pool's blob with RandomX through the same library the pool checks with, submits
 * what meets the job's target and counts what it did. Light mode: a few dozen hashes a second
 * per thread, plenty on regtest. `cheat` sends bad work on purpose, for the tests.
 */
import net from 'node:net';
import type { RandomX } from './randomx.ts';

export interface XmrMinerJob {
  blob: Buffer;
  jobId: string;
  /** Top 64 bits a hash must stay below (XMRig's reading of the target). */
  target64: bigint;
  difficulty: number;
  height: number;
  seed: Buffer;
}

export interface XmrMinerOptions {
  host: string;
  port: number;
  login: string;
  pass?: string;
  rigid?: string;
  agent?: string;
  randomx: RandomX;
  /** Hashes in flight at once (RandomX VMs). */
  threads?: number;
  log?: (line: string) => void;
}

export interface XmrMinerStats {
  hashes: number;
  accepted: number;
  /** Sum of the difficulty of accepted shares (the hashes they stand for). */
  acceptedDifficulty: number;
  rejected: number;
  startedAt: number;
  errors: Map<string, number>;
  jobs: number;
}

const MAX64 = (1n << 64n) - 1n;

/** XMRig's target rules: 8 hex characters are a 32-bit target, 16 a 64-bit one (little-endian). */
export function readTarget(hex: string): { target64: bigint; difficulty: number } {
  const bytes = Buffer.from(hex, 'hex');
  if (bytes.length === 4) {
    const t32 = BigInt(bytes.readUInt32LE());
    const target64 = t32 === 0n ? 0n : MAX64 / (0xffffffffn / t32);
    return { target64, difficulty: Number(MAX64 / (target64 || 1n)) };
  }
  if (bytes.length === 8) {
    const target64 = bytes.readBigUInt64LE();
    return { target64, difficulty: Number(MAX64 / (target64 || 1n)) };
  }
  throw new Error(`bad target ${hex}`);
}

export function startXmrMiner(options: XmrMinerOptions) {
  const stats: XmrMinerStats = {
    hashes: 0,
    accepted: 0,
    acceptedDifficulty: 0,
    rejected: 0,
    startedAt: Date.now(),
    errors: new Map(),
    jobs: 0,
  };
  const log = options.log ?? (() => undefined);
  const socket = net.connect({ host: options.host, port: options.port });
  socket.setNoDelay(true);
  let sessionId = '';
  let job: XmrMinerJob | undefined;
  let nonce = Math.floor(Math.random() * 2 ** 31);
  let requestId = 1;
  let stopped = false;
  let buffer = '';
  const pending = new Map<number, (message: { result?: Record<string, unknown>; error?: { message: string } | null }) => void>();
  let loggedIn: (ok: boolean, message?: string) => void = () => undefined;
  const ready = new Promise<{ ok: boolean; message?: string }>(
    (resolve) => (loggedIn = (ok, message) => resolve({ ok, message })),
  );

  const send = (method: string, params: Record<string, unknown>) => {
    const id = requestId++;
    socket.write(JSON.stringify({ id, jsonrpc: '2.0', method, params }) + '\n');
    return new Promise<{ result?: Record<string, unknown>; error?: { message: string } | null }>((resolve) =>
      pending.set(id, resolve),
    );
  };

  const setJob = (params: Record<string, unknown>) => {
    const { target64, difficulty } = readTarget(String(params.target));
    job = {
      blob: Buffer.from(String(params.blob), 'hex'),
      jobId: String(params.job_id),
      target64,
      difficulty,
      height: Number(params.height),
      seed: Buffer.from(String(params.seed_hash), 'hex'),
    };
    stats.jobs += 1;
  };

  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      if (!line.trim()) continue;
      const message = JSON.parse(line) as {
        id?: number;
        method?: string;
        params?: Record<string, unknown>;
        result?: Record<string, unknown>;
        error?: { message: string } | null;
      };
      if (message.method === 'job' && message.params) setJob(message.params);
      else if (typeof message.id === 'number') {
        pending.get(message.id)?.(message);
        pending.delete(message.id);
      }
    }
  });
  socket.on('close', () => {
    stopped = true;
    loggedIn(false, 'connection closed');
  });
  socket.on('error', () => undefined);

  socket.once('connect', () => {
    void send('login', {
      login: options.login,
      pass: options.pass ?? 'x',
      agent: options.agent ?? 'openpool-test-miner/1.0',
      ...(options.rigid ? { rigid: options.rigid } : {}),
      algo: ['rx/0'],
    }).then((answer) => {
      if (answer.error || !answer.result) return loggedIn(false, answer.error?.message ?? 'no result');
      sessionId = String(answer.result.id);
      setJob(answer.result.job as Record<string, unknown>);
      loggedIn(true);
      // threads: 0 logs in without hashing (the tests' hand-made submissions).
      for (let i = 0; i < (options.threads ?? 1); i += 1) void loop();
    });
  });

  async function loop(): Promise<void> {
    while (!stopped) {
      const current = job;
      if (!current) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const nonceBytes = Buffer.alloc(4);
      nonceBytes.writeUInt32LE(nonce >>> 0);
      nonce = (nonce + 1) >>> 0;
      const blob = Buffer.from(current.blob);
      nonceBytes.copy(blob, 39);
      let hash: Buffer;
      try {
        hash = await options.randomx.hash(current.seed, blob);
      } catch (error) {
        log(`xmr miner: ${(error as Error).message}`);
        return;
      }
      stats.hashes += 1;
      if (hash.readBigUInt64LE(24) >= current.target64) continue;
      void submit(current, nonceBytes.toString('hex'), hash.toString('hex'));
    }
  }

  async function submit(current: XmrMinerJob, nonceHex: string, result: string) {
    const answer = await send('submit', { id: sessionId, job_id: current.jobId, nonce: nonceHex, result });
    if (answer.result && answer.result.status === 'OK') {
      stats.accepted += 1;
      stats.acceptedDifficulty += current.difficulty;
    } else {
      stats.rejected += 1;
      const message = answer.error?.message ?? 'unknown';
      stats.errors.set(message, (stats.errors.get(message) ?? 0) + 1);
    }
    return answer;
  }

  return {
    stats,
    ready,
    job: () => job,
    sessionId: () => sessionId,
    /** Sends a raw submit (the tests' bad shares). */
    submitRaw: (params: Record<string, unknown>) => send('submit', { id: sessionId, ...params }),
    hashrate: () => stats.hashes / Math.max(0.001, (Date.now() - stats.startedAt) / 1000),
    stop() {
      stopped = true;
      socket.destroy();
    },
  };
}
