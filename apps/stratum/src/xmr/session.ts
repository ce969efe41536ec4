/**
 * One XMRig connection: `login` (address, worker, difficulty, scheme), a job of its own per
 * template (the connection's extra nonce in the template's reserved bytes, the hashing blob
 * built here), `submit` checked with RandomX (the miner's `result` is compared, never
 * trusted), vardiff through the job's target, `keepalived`. The TCP framing and limits are
 * the shared server's; templates, RandomX and events are behind `XmrCore`.
 */
import { randomBytes } from 'node:crypto';
import { isRewardScheme, isWellFormedWorker, type RewardScheme } from '@openpool/domain/address';
import type { Bans } from '../bans.ts';
import type { ShareOutcome } from '../session.ts';
import type { LineSession } from '../server.ts';
import { Vardiff, type VardiffOptions } from '../vardiff.ts';
import { hashingBlob, withExtraNonce } from './blob.ts';
import {
  difficultyToTarget,
  hashDifficulty,
  meetsDifficulty,
  parseXmrRequest,
  splitXmrLogin,
  XMR_ERRORS,
  xmrError,
  xmrNotification,
  xmrReply,
  type XmrRequest,
} from './protocol.ts';
import type { XmrTemplate } from './templates.ts';

export const XMR_ALGO = 'rx/0';

export interface XmrSessionOptions {
  defaultScheme: RewardScheme;
  schemes: readonly RewardScheme[];
  initialDifficulty: number;
  vardiff: VardiffOptions;
}

export interface XmrJob {
  id: string;
  template: XmrTemplate;
  /** The template's block blob with this connection's extra nonce. */
  blob: Buffer;
  /** What the miner hashes (nonce bytes zero). */
  hashing: Buffer;
  difficulty: number;
}

export interface XmrCore {
  now(): number;
  current(): XmrTemplate | undefined;
  /** Undefined when the address can be paid on this pool's network, else the problem. */
  checkAddress(address: string): string | undefined;
  hash(seed: Buffer, blob: Buffer): Promise<Buffer>;
  onShare(share: ShareOutcome): void;
  /** A share that meets the network difficulty: submit and record (not awaited by the miner). */
  onBlockCandidate(job: XmrJob, nonce: Buffer, hashing: Buffer, share: ShareOutcome): void;
  bans: Bans;
  options: XmrSessionOptions;
  /** 4 bytes of this process in every extra nonce. */
  instance: Buffer;
  onDifficulty?(next: number, previous: number): void;
}

interface Login {
  address: string;
  worker: string;
  scheme: RewardScheme;
}

/** Jobs a connection may still submit to (same tip): the newest few, so a retarget does not make work stale. */
const KEPT_JOBS = 4;
const HEX8 = /^[0-9a-f]{8}$/i;
const HEX64 = /^[0-9a-f]{64}$/i;

export class XmrSession implements LineSession<XmrTemplate> {
  readonly sessionId = randomBytes(8).toString('hex');
  agent: string | undefined;
  private login: Login | undefined;
  private difficulty: number;
  private fixedDifficulty = false;
  private readonly vardiff: Vardiff;
  private jobs: XmrJob[] = [];
  private jobCounter = 0;
  private readonly seen = new Set<string>();
  private readonly extraNonce: Buffer;

  private readonly core: XmrCore;
  readonly ip: string;
  private readonly send: (text: string) => void;
  private readonly close: (reason: string) => void;

  constructor(core: XmrCore, ip: string, extranonce: string, send: (text: string) => void, close: (reason: string) => void) {
    this.core = core;
    this.ip = ip;
    this.send = send;
    this.close = close;
    this.extraNonce = Buffer.concat([Buffer.from(extranonce, 'hex'), core.instance]);
    this.difficulty = Math.max(1, Math.round(core.options.initialDifficulty));
    this.vardiff = new Vardiff(core.options.vardiff, core.now());
  }

  get authorized(): boolean {
    return this.login !== undefined;
  }

  handleLine(line: string): Promise<void> | 'invalid' {
    const request = parseXmrRequest(line);
    if ('invalid' in request) {
      this.send(xmrError(null, request.invalid));
      return 'invalid';
    }
    return this.handle(request);
  }

  async handle(request: XmrRequest): Promise<void> {
    const { id, method, params } = request;
    switch (method) {
      case 'login':
        return this.doLogin(id, params);
      case 'getjob': {
        if (!this.authorized || params.id !== this.sessionId) return this.send(xmrError(id, XMR_ERRORS.unauthenticated));
        const job = this.newJob();
        this.send(job ? xmrReply(id, this.jobParams(job)) : xmrError(id, 'No job yet'));
        return;
      }
      case 'submit': {
        const answer = await this.submit(params);
        this.send(typeof answer === 'string' ? xmrError(id, answer) : xmrReply(id, answer));
        return;
      }
      case 'keepalived':
        if (!this.authorized) return this.send(xmrError(id, XMR_ERRORS.unauthenticated));
        this.send(xmrReply(id, { status: 'KEEPALIVED' }));
        return;
      default:
        this.send(xmrError(id, `Unknown method ${method}`));
    }
  }

  private doLogin(id: XmrRequest['id'], params: Record<string, unknown>): void {
    const raw = typeof params.login === 'string' ? params.login.slice(0, 200) : '';
    const pass = typeof params.pass === 'string' ? params.pass.slice(0, 200) : '';
    const rigid = typeof params.rigid === 'string' ? params.rigid.slice(0, 64) : '';
    if (typeof params.agent === 'string') this.agent = params.agent.replace(/[^\x20-\x7e]/g, '').slice(0, 64);
    const { address, worker: loginWorker, difficulty: loginDifficulty } = splitXmrLogin(raw);
    const options = parseXmrPass(pass);
    const worker = loginWorker ?? (rigid || undefined) ?? options.worker ?? 'default';
    const scheme = options.scheme ?? this.core.options.defaultScheme;
    const algos = Array.isArray(params.algo) ? params.algo.filter((a): a is string => typeof a === 'string') : undefined;
    const now = this.core.now();
    let problem: string | undefined;
    if (!address) problem = 'give your Monero address as the login (ADDRESS, ADDRESS.WORKER or ADDRESS+DIFF)';
    else if (algos && algos.length > 0 && !algos.some((algo) => algo === XMR_ALGO || algo === 'rx' || algo === 'randomx'))
      problem = `Unsupported algorithm: this pool mines ${XMR_ALGO}`;
    else if (!isWellFormedWorker(worker))
      problem = `worker name "${worker.slice(0, 64)}" may use letters, digits and . _ ~ - (64 at most)`;
    else if (!isRewardScheme(scheme) || !this.core.options.schemes.includes(scheme))
      problem = `unknown scheme "${scheme}" (use s=${this.core.options.schemes.join('|')})`;
    else if (this.core.bans.isBanned(address, now)) problem = 'this address is banned for a while after only invalid shares';
    else {
      const addressProblem = this.core.checkAddress(address);
      if (addressProblem) problem = `Invalid address "${address.slice(0, 110)}": ${addressProblem}`;
    }
    if (problem) {
      this.send(xmrError(id, problem));
      return;
    }
    this.login = { address, worker, scheme: scheme as RewardScheme };
    const fixed = loginDifficulty ?? options.difficulty;
    if (fixed !== undefined) {
      this.fixedDifficulty = true;
      this.difficulty = Math.max(1, Math.floor(fixed));
    }
    const job = this.newJob();
    if (!job) {
      this.send(xmrError(id, 'No job yet: the pool has no block template; retry'));
      return;
    }
    this.send(xmrReply(id, { id: this.sessionId, job: this.jobParams(job), extensions: ['algo', 'keepalive'], status: 'OK' }));
  }

  private ceiling(template: XmrTemplate): number {
    return Number(template.difficulty);
  }

  /** A job on the current template at the current difficulty (capped at the network's). */
  private newJob(): XmrJob | undefined {
    const template = this.core.current();
    if (!template) return undefined;
    const previous = this.jobs.at(-1);
    const sameTemplate = previous && previous.template.id === template.id;
    const blob = sameTemplate ? previous.blob : withExtraNonce(template.parsed, this.extraNonce);
    const hashing = sameTemplate ? previous.hashing : hashingBlob(template.parsed, blob);
    const difficulty = Math.max(1, Math.min(this.difficulty, this.ceiling(template)));
    const job: XmrJob = {
      id: `${template.id.toString(36)}.${(++this.jobCounter).toString(36)}`,
      template,
      blob,
      hashing,
      difficulty,
    };
    this.jobs.push(job);
    if (this.jobs.length > KEPT_JOBS) this.jobs.shift();
    return job;
  }

  private jobParams(job: XmrJob) {
    return {
      blob: job.hashing.toString('hex'),
      job_id: job.id,
      target: difficultyToTarget(job.difficulty),
      id: this.sessionId,
      algo: XMR_ALGO,
      height: job.template.height,
      seed_hash: job.template.seed.toString('hex'),
    };
  }

  notify(template: XmrTemplate, clean: boolean): void {
    if (!this.authorized) return;
    // Jobs of the old tip are kept (the newest few) so their shares are told "Block expired".
    if (clean) this.seen.clear();
    if (template !== this.core.current()) return;
    const job = this.newJob();
    if (job) this.send(xmrNotification('job', this.jobParams(job)));
  }

  private setDifficulty(next: number): void {
    const rounded = Math.max(1, Math.round(next));
    this.core.onDifficulty?.(rounded, this.difficulty);
    if (rounded === this.difficulty) return;
    this.difficulty = rounded;
    const job = this.newJob();
    if (job) this.send(xmrNotification('job', this.jobParams(job)));
  }

  tick(): void {
    if (this.fixedDifficulty || !this.authorized) return;
    const template = this.core.current();
    if (!template) return;
    const next = this.vardiff.onIdle(this.core.now(), this.difficulty, this.ceiling(template));
    if (next !== undefined) this.setDifficulty(next);
  }

  private async submit(params: Record<string, unknown>): Promise<{ status: 'OK' } | string> {
    const login = this.login;
    if (!login || params.id !== this.sessionId) return XMR_ERRORS.unauthenticated;
    const now = this.core.now();
    const outcome = (status: ShareOutcome['status'], difficulty: number): ShareOutcome => ({
      ...login,
      ip: this.ip,
      agent: this.agent,
      difficulty,
      status,
      at: now,
    });
    const reject = (status: 'stale' | 'invalid', difficulty: number, message: string): string => {
      this.core.onShare(outcome(status, difficulty));
      if (this.core.bans.record(login.address, false, now) || this.core.bans.record(this.ip, false, now)) {
        this.close('banned: only invalid shares');
      }
      return message;
    };
    const { job_id: jobId, nonce, result } = params;
    const job = typeof jobId === 'string' ? this.jobs.find((candidate) => candidate.id === jobId) : undefined;
    if (!job) return reject('invalid', this.difficulty, XMR_ERRORS.invalidJob);
    const current = this.core.current();
    if (!current || current.prevHash !== job.template.prevHash) return reject('stale', job.difficulty, XMR_ERRORS.expired);
    if (typeof nonce !== 'string' || !HEX8.test(nonce)) return reject('invalid', job.difficulty, 'Malformed nonce');
    if (typeof result !== 'string' || !HEX64.test(result)) return reject('invalid', job.difficulty, 'Malformed result');
    const key = `${job.template.id}:${nonce.toLowerCase()}`;
    if (this.seen.has(key)) return reject('invalid', job.difficulty, XMR_ERRORS.duplicate);
    // Marked before the hash: the same nonce sent again while this one hashes is a duplicate.
    this.seen.add(key);

    const nonceBytes = Buffer.from(nonce, 'hex');
    const hashing = Buffer.from(job.hashing);
    nonceBytes.copy(hashing, job.template.parsed.nonceOffset);
    const hash = await this.core.hash(job.template.seed, hashing);
    if (!hash.equals(Buffer.from(result, 'hex')))
      return reject('invalid', job.difficulty, 'Incorrect hash: the result is not the RandomX hash of this job with this nonce');
    if (!meetsDifficulty(hash, BigInt(job.difficulty))) return reject('invalid', job.difficulty, XMR_ERRORS.lowDifficulty);
    const share = { ...outcome('valid', job.difficulty), actualDifficulty: Math.max(job.difficulty, hashDifficulty(hash)) };
    this.core.bans.record(login.address, true, now);
    this.core.bans.record(this.ip, true, now);
    this.core.onShare(share);
    if (meetsDifficulty(hash, job.template.difficulty)) this.core.onBlockCandidate(job, nonceBytes, hashing, share);
    if (!this.fixedDifficulty) {
      const next = this.vardiff.onShare(now, this.difficulty, this.ceiling(job.template));
      if (next !== undefined) queueMicrotask(() => this.setDifficulty(next));
    }
    return { status: 'OK' };
  }
}

/** `pass`: a worker name, or options `d=N` (fixed difficulty) and `s=prop|solo`, comma separated; "x" is XMRig's default. */
export function parseXmrPass(pass: string): { worker?: string; difficulty?: number; scheme?: string } {
  const out: { worker?: string; difficulty?: number; scheme?: string } = {};
  const trimmed = pass.trim();
  if (trimmed === '' || trimmed === 'x') return out;
  if (!trimmed.includes('=')) return { worker: trimmed };
  for (const part of trimmed.split(/[,;]/)) {
    const [key, value] = part.split('=').map((s) => s.trim());
    if (key === 'd' && value && Number.isFinite(Number(value)) && Number(value) >= 1) out.difficulty = Math.floor(Number(value));
    if (key === 's' && value) out.scheme = value.toLowerCase();
  }
  return out;
}
