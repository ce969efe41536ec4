/**
 * One coin's pool: the node's jobs, the stratum server, share and block events into the
 * outbox, found blocks sent with `submitblock` and watched on the chain.
 */
import type { RewardScheme } from '@openpool/domain/address';
import { Bans } from './bans.ts';
import { blockOrder } from './block-order.ts';
import type { CommonPoolOptions } from './pool-options.ts';
import { reversed, sha256d } from './bytes.ts';
import { createChainWatcher } from './chain.ts';
import { assembleBlock, type Job, type Solution } from './job.ts';
import { createJobManager } from './jobs.ts';
import type { OutgoingEvent } from './outbox.ts';
import type { Rpc } from './rpc.ts';
import { createStratumServer, DEFAULT_LIMITS } from './server.ts';
import type { PoolCore, SessionOptions, ShareOutcome } from './session.ts';
import { shareEventOf } from './share-event.ts';
import { accountedDifficulty } from './target.ts';

export interface PoolOptions extends CommonPoolOptions {
  rpc: Rpc;
  session: SessionOptions;
}

export interface BlockRecord {
  height: number;
  hash: string;
  /** The node's answer to submitblock: null when accepted. */
  answer: string | null;
}

export async function startPool(options: PoolOptions) {
  const { rpc, outbox, log, metrics } = options;
  const now = options.now ?? Date.now;
  const coin = 'ltc' as const;
  const address = await rpc<{ isvalid: boolean; scriptPubKey?: string }>('validateaddress', [options.poolAddress]);
  if (!address.isvalid || !address.scriptPubKey)
    throw new Error(`LTC_POOL_ADDRESS ${options.poolAddress} is not an address of this node's chain`);
  const chain = createChainWatcher({
    rpc,
    outbox,
    dir: options.dataDir,
    coin,
    finalConfirmations: options.finalConfirmations ?? 101,
    now,
  });
  const found: BlockRecord[] = [];
  const valid = new Map<string, boolean>();

  // A block's event right after its own share (block-order.ts).
  const order = blockOrder(outbox, (hash, height) => chain.add(hash, height));
  const push = order.push;

  function shareEvent(share: ShareOutcome) {
    metrics?.onShare(share.status);
    push(shareEventOf(coin, share, accountedDifficulty));
  }

  async function submitBlock(job: Job, solution: Solution, header: Buffer, share: ShareOutcome): Promise<void> {
    const hash = reversed(sha256d(header)).toString('hex');
    let answer: string | null;
    const release = order.hold();
    try {
      answer = await rpc<string | null>('submitblock', [assembleBlock(job, solution, header)]);
    } catch (error) {
      answer = `rpc failed: ${(error as Error).message}`;
    }
    const event = recordBlock(job, share, hash, answer);
    release(event && { event, hash, height: job.height });
    if (answer === null || answer === 'inconclusive' || answer === 'duplicate')
      await jobs.refresh().catch((error: Error) => log(`jobs: ${error.message}`));
  }

  function recordBlock(job: Job, share: ShareOutcome, hash: string, answer: string | null): OutgoingEvent | undefined {
    found.push({ height: job.height, hash, answer });
    metrics?.onBlock(answer === null || answer === 'inconclusive' || answer === 'duplicate' ? 'accepted' : 'refused');
    // 'inconclusive': valid, but another block of that height came first; the watcher will
    // see it off the main chain and report the orphan.
    if (answer === null || answer === 'inconclusive' || answer === 'duplicate') {
      log(`block ${job.height} ${hash} found by ${share.address}.${share.worker}: ${answer ?? 'accepted'}`);
      return {
        type: 'block',
        coin,
        height: job.height,
        hash,
        finder: share.address,
        worker: share.worker,
        scheme: share.scheme as RewardScheme,
        reward: job.reward.toString(),
        fees: job.fees.toString(),
        at: share.at,
      };
    }
    log(`block ${job.height} ${hash} refused by the node: ${answer}`);
    return undefined;
  }

  const core: PoolCore = {
    now,
    currentJob: () => jobs.current(),
    job: (id) => jobs.get(id),
    async validateAddress(candidate) {
      const known = valid.get(candidate);
      if (known !== undefined) return known;
      const result = await rpc<{ isvalid: boolean }>('validateaddress', [candidate]);
      if (valid.size > 50_000) valid.clear();
      valid.set(candidate, result.isvalid);
      return result.isvalid;
    },
    onShare: shareEvent,
    onBlockCandidate: (job, solution, header, share) => void submitBlock(job, solution, header, share),
    bans: new Bans(options.bans),
    options: options.session,
    onConnection: metrics && (() => metrics.onConnection()),
    onDifficulty: metrics && ((next, previous) => metrics.onDifficulty(next, previous)),
  };
  const server = createStratumServer(core, options.limits ?? DEFAULT_LIMITS);
  let lastSample = 0;
  const sample = (job: Job) => {
    lastSample = now();
    void chain.sampleNetwork(job.reward - job.fees).catch((error: Error) => log(`chain: ${error.message}`));
  };
  const jobs = createJobManager({
    rpc,
    payoutScript: Buffer.from(address.scriptPubKey, 'hex'),
    log,
    now,
    auditRoot: options.auditRoot,
    onJob(job, clean) {
      metrics?.onJob(clean, now());
      server.broadcast(job, clean);
      if (clean) {
        sample(job);
        void chain.check().catch((error: Error) => log(`chain: ${error.message}`));
      }
    },
  });
  await jobs.start();
  const timer = setInterval(() => {
    void chain.check().catch((error: Error) => log(`chain: ${error.message}`));
    const job = jobs.current();
    if (job && now() - lastSample >= 60_000) sample(job);
  }, options.chainCheckMs ?? 10_000);

  return {
    server,
    jobs,
    chain,
    found,
    async stop() {
      clearInterval(timer);
      jobs.stop();
      await server.close();
    },
  };
}
