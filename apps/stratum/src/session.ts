/**
 * One miner connection: the Stratum V1 methods, per-connection difficulty (vardiff or the
 * password's `d=N`), share checks with real scrypt, and the events each outcome produces.
 * The TCP framing and limits live in server.ts; the node and the jobs behind `PoolCore`.
 * Over 300 lines and one job: every method reads and changes the same connection state (logins,
 * difficulty and its grace, submissions seen, the miner's report).
 */
import { isWellFormedWorker, isRewardScheme, type RewardScheme } from '@openpool/domain/address';
import type { Bans } from './bans.ts';
import { isHex } from './bytes.ts';
import { EXTRANONCE2_SIZE, headerOf, coinbaseOf, type Job, type Solution } from './job.ts';
import {
  notification,
  parsePassword,
  parseReportedHashrate,
  reply,
  splitLogin,
  stratumError,
  type Request,
  type StratumError,
} from './protocol.ts';
import { hashValue, scryptPowAsync } from './scrypt.ts';
import { hashStratumDifficulty, shareTarget, targetToStratumDifficulty } from './target.ts';
import { Vardiff, type VardiffOptions } from './vardiff.ts';

export interface ShareOutcome {
  address: string;
  worker: string;
  scheme: RewardScheme;
  ip: string;
  agent?: string;
  /** Stratum difficulty the share was judged at. */
  difficulty: number;
  status: 'valid' | 'stale' | 'invalid';
  at: number;
  /** Stratum difficulty the share's hash reached (valid shares; for best shares, decision 023). */
  actualDifficulty?: number;
  /** H/s the miner last reported on this connection (decision 023), while it is recent. */
  reportedHashrate?: number;
}

/** A report older than this no longer goes with shares: the miner stopped saying. */
const REPORT_FRESH_MS = 10 * 60_000;

export interface PoolCore {
  now(): number;
  currentJob(): Job | undefined;
  /** A job of the current chain tip, or undefined (unknown or stale). */
  job(id: string): Job | undefined;
  validateAddress(address: string): Promise<boolean>;
  onShare(share: ShareOutcome): void;
  /** A share that meets the network target: assemble, submit, record (not awaited by the miner). */
  onBlockCandidate(job: Job, solution: Solution, header: Buffer, share: ShareOutcome): void;
  bans: Bans;
  options: SessionOptions;
  /** Metrics (decision 022): a new connection, a connection's difficulty set. */
  onConnection?(): void;
  onDifficulty?(next: number, previous: number): void;
}

export interface SessionOptions {
  defaultScheme: RewardScheme;
  schemes: readonly RewardScheme[];
  initialDifficulty: number;
  vardiff: VardiffOptions;
  /** BIP 310 bits a miner may roll (BIP 320's 0x1fffe000). */
  versionMask: number;
  /** How long shares at the previous difficulty still count after a change. */
  difficultyGraceMs: number;
}

interface Login {
  address: string;
  worker: string;
  scheme: RewardScheme;
}

export class Session {
  subscribed = false;
  agent: string | undefined;
  private readonly logins = new Map<string, Login>();
  private difficulty: number;
  private previous: { difficulty: number; until: number } | undefined;
  private fixedDifficulty = false;
  private versionMask = 0;
  private readonly vardiff: Vardiff;
  private readonly seen = new Map<string, Set<string>>();
  private notifiedJob: string | undefined;
  private reported: { hashrate: number; at: number } | undefined;

  private readonly core: PoolCore;
  readonly ip: string;
  readonly extranonce1: string;
  private readonly send: (text: string) => void;
  private readonly close: (reason: string) => void;

  constructor(core: PoolCore, ip: string, extranonce1: string, send: (text: string) => void, close: (reason: string) => void) {
    this.core = core;
    this.ip = ip;
    this.extranonce1 = extranonce1;
    this.send = send;
    this.close = close;
    this.difficulty = core.options.initialDifficulty;
    this.vardiff = new Vardiff(core.options.vardiff, core.now());
  }

  get authorized(): boolean {
    return this.logins.size > 0;
  }

  async handle(request: Request): Promise<void> {
    const { id, method, params } = request;
    switch (method) {
      case 'mining.subscribe':
        this.subscribed = true;
        if (typeof params[0] === 'string') this.agent = params[0].slice(0, 64);
        this.send(
          reply(id, [
            [
              ['mining.set_difficulty', this.extranonce1],
              ['mining.notify', this.extranonce1],
            ],
            this.extranonce1,
            EXTRANONCE2_SIZE,
          ]),
        );
        return;
      case 'mining.authorize':
        return this.authorize(id, params);
      case 'mining.configure':
        return this.configure(id, params);
      case 'mining.extranonce.subscribe':
        this.send(reply(id, true));
        return;
      case 'mining.suggest_difficulty': {
        const suggested = Number(params[0]);
        if (!this.fixedDifficulty && Number.isFinite(suggested) && suggested > 0) this.setDifficulty(suggested, false);
        this.send(reply(id, true));
        return;
      }
      case 'mining.submit':
        {
          const [result, error] = await this.submit(params);
          this.send(reply(id, result, error));
        }
        return;
      case 'mining.get_transactions':
        this.send(reply(id, []));
        return;
      // A miner's own hashrate (decision 023): `mining.hashrate` [hashrate, worker?] or, as Ethereum
      // miners send it, `eth_submitHashrate` [hex hashrate, id]. Kept for the shares that follow.
      case 'mining.hashrate':
      case 'eth_submitHashrate': {
        const hashrate = parseReportedHashrate(params[0]);
        if (hashrate !== undefined) this.reported = { hashrate, at: this.core.now() };
        this.send(reply(id, hashrate !== undefined, hashrate === undefined ? stratumError('other', 'not a hashrate') : null));
        return;
      }
      default:
        this.send(reply(id, null, stratumError('other', `unknown method ${method.slice(0, 40)}`)));
    }
  }

  private async authorize(id: Request['id'], params: unknown[]): Promise<void> {
    const login = typeof params[0] === 'string' ? params[0].slice(0, 200) : '';
    const { address, worker } = splitLogin(login);
    const options = parsePassword(params[1]);
    const scheme = options.scheme ?? this.core.options.defaultScheme;
    const now = this.core.now();
    let problem: string | undefined;
    if (!address) problem = 'give WALLET.WORKER as the user name';
    else if (!isWellFormedWorker(worker))
      problem = `worker name "${worker.slice(0, 64)}" may use letters, digits and . _ ~ - (64 at most)`;
    else if (!isRewardScheme(scheme) || !this.core.options.schemes.includes(scheme))
      problem = `unknown scheme "${scheme}" (use s=${this.core.options.schemes.join('|')})`;
    else if (this.core.bans.isBanned(address, now)) problem = 'this address is banned for a while after only invalid shares';
    else if (!(await this.core.validateAddress(address).catch(() => false)))
      problem = `"${address.slice(0, 100)}" is not a valid address of this coin`;
    if (problem) {
      // The connection stays usable: the miner can authorise again with a right name.
      this.send(reply(id, false, stratumError('unauthorized', problem)));
      return;
    }
    const first = !this.authorized;
    this.logins.set(login, { address, worker, scheme: scheme as RewardScheme });
    this.send(reply(id, true));
    if (options.difficulty !== undefined) {
      this.fixedDifficulty = true;
      this.setDifficulty(options.difficulty, false);
    } else if (first) {
      this.setDifficulty(this.difficulty, false);
    }
    if (first) {
      const job = this.core.currentJob();
      if (job) this.notify(job, true);
    }
  }

  private configure(id: Request['id'], params: unknown[]): void {
    const extensions = Array.isArray(params[0]) ? params[0] : [];
    const values = (typeof params[1] === 'object' && params[1] !== null ? params[1] : {}) as Record<string, unknown>;
    const result: Record<string, unknown> = {};
    for (const extension of extensions) {
      if (extension === 'version-rolling') {
        const requested = values['version-rolling.mask'];
        const minerMask =
          typeof requested === 'string' && /^[0-9a-fA-F]{1,8}$/.test(requested) ? parseInt(requested, 16) : 0xffffffff;
        this.versionMask = (this.core.options.versionMask & minerMask) >>> 0;
        result['version-rolling'] = true;
        result['version-rolling.mask'] = this.versionMask.toString(16).padStart(8, '0');
      } else if (typeof extension === 'string') {
        result[extension.slice(0, 40)] = false;
      }
    }
    this.send(reply(id, result));
  }

  /** Sends a job; the difficulty ceiling is the network's, so a share is never harder than a block. */
  notify(job: Job, clean: boolean): void {
    if (!this.subscribed || !this.authorized) return;
    const ceiling = targetToStratumDifficulty(job.networkTarget);
    if (this.difficulty > ceiling) this.setDifficulty(ceiling, true);
    if (clean) this.seen.clear();
    this.notifiedJob = job.id;
    this.send(
      notification('mining.notify', [
        job.id,
        job.prevHashStratum,
        job.coinb1,
        job.coinb2,
        job.branch,
        job.version.toString(16).padStart(8, '0'),
        job.bits,
        job.ntime.toString(16).padStart(8, '0'),
        clean,
      ]),
    );
  }

  private setDifficulty(requested: number, quiet: boolean): void {
    const job = this.core.currentJob();
    const ceiling = job ? targetToStratumDifficulty(job.networkTarget) : Infinity;
    const { min, max } = this.core.options.vardiff;
    const next = Math.min(ceiling, this.fixedDifficulty ? requested : Math.min(max, Math.max(min, requested)));
    this.core.onDifficulty?.(next, this.difficulty);
    if (next !== this.difficulty) {
      this.previous = { difficulty: this.difficulty, until: this.core.now() + this.core.options.difficultyGraceMs };
      this.difficulty = next;
    }
    this.send(notification('mining.set_difficulty', [this.difficulty]));
    if (!quiet && job && this.notifiedJob) this.notify(job, false);
  }

  /** Vardiff's timer: a miner that went quiet gets an easier target. */
  tick(): void {
    if (this.fixedDifficulty || !this.authorized) return;
    const job = this.core.currentJob();
    if (!job) return;
    const next = this.vardiff.onIdle(this.core.now(), this.difficulty, targetToStratumDifficulty(job.networkTarget));
    if (next !== undefined) this.setDifficulty(next, false);
  }

  private async submit(params: unknown[]): Promise<[boolean, StratumError | null] | [null, StratumError]> {
    if (!this.subscribed) return [null, stratumError('notSubscribed')];
    const [name, jobId, extranonce2, ntimeHex, nonceHex, versionHex] = params;
    const login = typeof name === 'string' ? this.logins.get(name) : undefined;
    if (!login) return [null, stratumError('unauthorized')];
    const now = this.core.now();
    const reported = this.reported && now - this.reported.at <= REPORT_FRESH_MS ? this.reported.hashrate : undefined;
    const outcome = (status: ShareOutcome['status'], difficulty = this.difficulty): ShareOutcome => ({
      ...login,
      ip: this.ip,
      agent: this.agent,
      difficulty,
      status,
      at: now,
      ...(reported !== undefined ? { reportedHashrate: reported } : {}),
    });
    const reject = (status: 'stale' | 'invalid', error: StratumError): [null, StratumError] => {
      this.core.onShare(outcome(status));
      if (this.core.bans.record(login.address, false, now) || this.core.bans.record(this.ip, false, now)) {
        this.close('banned: only invalid shares');
      }
      return [null, error];
    };
    if (typeof jobId !== 'string' || !isHex(extranonce2, EXTRANONCE2_SIZE) || !isHex(ntimeHex, 4) || !isHex(nonceHex, 4))
      return reject('invalid', stratumError('other', 'malformed submission'));
    const job = this.core.job(jobId);
    if (!job) return reject('stale', stratumError('stale'));
    const ntime = parseInt(ntimeHex, 16);
    if (ntime < job.mintime || ntime > Math.floor(now / 1000) + 7200)
      return reject('invalid', stratumError('other', 'ntime out of range'));
    let version = job.version;
    if (versionHex !== undefined) {
      if (!isHex(versionHex, 4)) return reject('invalid', stratumError('other', 'malformed version bits'));
      const bits = parseInt(versionHex, 16) >>> 0;
      if ((bits & ~this.versionMask) >>> 0 !== 0)
        return reject('invalid', stratumError('other', 'version bits outside the mask'));
      version = ((job.version & ~this.versionMask) | bits) >>> 0;
    }
    const key = `${extranonce2}|${ntimeHex}|${nonceHex}|${version}`.toLowerCase();
    let seen = this.seen.get(job.id);
    if (!seen) this.seen.set(job.id, (seen = new Set()));
    if (seen.has(key)) return reject('invalid', stratumError('duplicate'));
    seen.add(key);

    const solution: Solution = { extranonce1: this.extranonce1, extranonce2, ntime, nonce: parseInt(nonceHex, 16), version };
    const header = headerOf(job, solution, coinbaseOf(job, solution));
    // Everything above is decided before the hash (a duplicate is marked seen already), so
    // another submission of this key while it hashes is a duplicate, never a second share.
    const value = hashValue(await scryptPowAsync(header));
    let difficulty = this.difficulty;
    if (value > shareTarget(difficulty)) {
      const grace = this.previous && this.previous.until > now ? this.previous.difficulty : undefined;
      if (grace === undefined || value > shareTarget(grace)) return reject('invalid', stratumError('lowDifficulty'));
      difficulty = grace;
    }
    // What the hash reached, never below the target it met (the conversion rounds).
    const share = { ...outcome('valid', difficulty), actualDifficulty: Math.max(difficulty, hashStratumDifficulty(value)) };
    this.core.bans.record(login.address, true, now);
    this.core.bans.record(this.ip, true, now);
    this.core.onShare(share);
    if (value <= job.networkTarget) this.core.onBlockCandidate(job, solution, header, share);
    if (!this.fixedDifficulty) {
      const next = this.vardiff.onShare(now, this.difficulty, targetToStratumDifficulty(job.networkTarget));
      if (next !== undefined) queueMicrotask(() => this.setDifficulty(next, false));
    }
    return [true, null];
  }
}
