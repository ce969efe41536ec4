/**
 * The Monero pool: templates from monerod, the shared stratum server with XMRig sessions,
 * every share checked with RandomX, share and block events into the same outbox as ltc's,
 * found blocks sent with `submit_block` and watched on the chain (confirmations, orphans),
 * network figures from `get_info`.
 */
import { randomBytes } from 'node:crypto';
import type { RewardScheme } from '@openpool/domain/address';
import { Bans } from '../bans.ts';
import { blockOrder } from '../block-order.ts';
import type { CommonPoolOptions } from '../pool-options.ts';
import { createChainWatcher } from '../chain.ts';
import type { OutgoingEvent } from '../outbox.ts';
import { createLineServer, DEFAULT_LIMITS } from '../server.ts';
import type { ShareOutcome } from '../session.ts';
import { shareEventOf } from '../share-event.ts';
import { checkAddress, type MoneroNetwork } from './address.ts';
import { blockId, withNonce } from './blob.ts';
import type { RandomX } from './randomx.ts';
import { MoneroRpcError, type MoneroRpc } from './rpc.ts';
import { XmrSession, type XmrCore, type XmrJob, type XmrSessionOptions } from './session.ts';
import { createTemplateManager, type XmrTemplate } from './templates.ts';

export interface XmrPoolOptions extends CommonPoolOptions {
  rpc: MoneroRpc;
  daemonUrl: string;
  network: MoneroNetwork;
  randomx: RandomX;
  session: XmrSessionOptions;
  /** How often the tip is polled (`/get_height`) and how old a template may grow. */
  pollMs?: number;
  refreshMs?: number;
}

export interface XmrBlockRecord {
  height: number;
  hash: string;
  /** The node's answer: null when accepted, else its error. */
  answer: string | null;
}

/** Monero's block time, for the network hash rate from its difficulty. */
const TARGET_SECONDS = 120;

export async function startXmrPool(options: XmrPoolOptions) {
  const { rpc, outbox, log, metrics, randomx } = options;
  const now = options.now ?? Date.now;
  const coin = 'xmr' as const;
  const poolCheck = checkAddress(options.poolAddress, options.network);
  if (!poolCheck.ok) throw new Error(`XMR_POOL_ADDRESS ${options.poolAddress}: ${poolCheck.problem}`);
  if (poolCheck.kind !== 'standard')
    throw new Error(`XMR_POOL_ADDRESS must be a wallet's primary (standard) address; monerod pays no ${poolCheck.kind} address`);

  const chain = createChainWatcher({
    outbox,
    dir: options.dataDir,
    coin,
    finalConfirmations: options.finalConfirmations ?? 70,
    now,
    async lookup(hash, height) {
      let header: { depth: number; orphan_status: boolean };
      try {
        ({ block_header: header } = await rpc<{ block_header: { depth: number; orphan_status: boolean } }>(
          'get_block_header_by_hash',
          { hash },
        ));
      } catch (error) {
        // A hash the node no longer knows (popped, or never in its chain) is off the main chain.
        if (error instanceof MoneroRpcError && error.code !== -32700) return { confirmations: 0, orphaned: true };
        throw error;
      }
      const { block_header: atHeight } = await rpc<{ block_header: { hash: string } }>('get_block_header_by_height', {
        height,
      }).catch(() => ({ block_header: { hash: '' } }));
      const orphaned = header.orphan_status || atHeight.hash !== hash;
      return { confirmations: orphaned ? 0 : header.depth + 1, orphaned };
    },
    async network() {
      const info = await rpc<{ height: number; difficulty: number; wide_difficulty?: string }>('get_info');
      const difficulty = info.wide_difficulty ? Number(BigInt(info.wide_difficulty)) : info.difficulty;
      return { difficulty, hashrate: difficulty / TARGET_SECONDS, height: info.height - 1 };
    },
  });
  const found: XmrBlockRecord[] = [];

  // A block's event right after its own share, as for ltc (block-order.ts).
  const order = blockOrder(outbox, (hash, height) => chain.add(hash, height));
  const push = order.push;

  function shareEvent(share: ShareOutcome) {
    metrics?.onShare(share.status);
    // RandomX difficulty counts hashes: the pool's accounting unit already.
    push(shareEventOf(coin, share, (difficulty) => difficulty));
  }

  // Parents the pool has sent a block on: whether the node took it. Once it did, another block
  // on the same parent can only be an alternative block that never wins (equal work, first
  // seen), and each costs the node a full check: until the next template reaches the miners,
  // every share of a low-difficulty chain would be one (regtest at difficulty 1). A tip that
  // moves back to that parent (a reorganisation, pop_blocks) forgets it: blocks on it count again.
  const solved = new Map<string, Promise<boolean>>();

  async function submitBlock(job: XmrJob, nonce: Buffer, hashing: Buffer, share: ShareOutcome): Promise<void> {
    const hash = blockId(hashing).toString('hex');
    const release = order.hold();
    const parent = job.template.prevHash;
    const earlier = solved.get(parent) ?? Promise.resolve(false);
    let settle: (accepted: boolean) => void = () => undefined;
    solved.set(parent, new Promise((resolve) => (settle = resolve)));
    if (solved.size > 16) solved.delete(solved.keys().next().value!);
    if (await earlier) {
      settle(true);
      log(`xmr block ${job.template.height} ${hash} not sent: the node took ours on the same parent`);
      release(undefined);
      return;
    }
    let answer: string | null;
    try {
      const result = await rpc<{ status: string }>('submit_block', [
        withNonce(job.blob, job.template.parsed.nonceOffset, nonce).toString('hex'),
      ]);
      answer = result.status === 'OK' ? null : result.status;
    } catch (error) {
      answer = (error as Error).message;
    }
    settle(answer === null);
    found.push({ height: job.template.height, hash, answer });
    metrics?.onBlock(answer === null ? 'accepted' : 'refused');
    let event: OutgoingEvent | undefined;
    if (answer === null) {
      log(`xmr block ${job.template.height} ${hash} found by ${share.address.slice(0, 12)}….${share.worker}: accepted`);
      event = {
        type: 'block',
        coin,
        height: job.template.height,
        hash,
        finder: share.address,
        worker: share.worker,
        scheme: share.scheme as RewardScheme,
        reward: job.template.reward.toString(),
        // get_block_template gives the whole reward only; the fee part is not told apart.
        fees: '0',
        at: share.at,
      };
    } else {
      log(`xmr block ${job.template.height} ${hash} refused by the node: ${answer}`);
    }
    release(event && { event, hash, height: job.template.height });
    if (answer === null) await templates.refresh().catch((error: Error) => log(`xmr templates: ${error.message}`));
  }

  const addressProblems = new Map<string, string | undefined>();
  const core: XmrCore = {
    now,
    current: () => templates.current(),
    checkAddress(address) {
      if (addressProblems.has(address)) return addressProblems.get(address);
      const check = checkAddress(address, options.network);
      const problem = check.ok ? undefined : check.problem;
      if (addressProblems.size > 50_000) addressProblems.clear();
      addressProblems.set(address, problem);
      return problem;
    },
    hash: (seed, blob) => randomx.hash(seed, blob),
    onShare: shareEvent,
    onBlockCandidate: (job, nonce, hashing, share) => void submitBlock(job, nonce, hashing, share),
    bans: new Bans(options.bans),
    options: options.session,
    instance: randomBytes(4),
    onDifficulty: metrics && ((next, previous) => metrics.onDifficulty(next, previous)),
  };
  const server = createLineServer<XmrTemplate>({
    isBanned: (ip) => core.bans.isBanned(ip, now()),
    onConnection: metrics && (() => metrics.onConnection()),
    limits: options.limits ?? DEFAULT_LIMITS,
    connect: (ip, extranonce, write, end) => new XmrSession(core, ip, extranonce, write, end),
  });

  let lastSample = 0;
  const sample = (template: XmrTemplate) => {
    lastSample = now();
    void chain.sampleNetwork(template.reward).catch((error: Error) => log(`xmr chain: ${error.message}`));
  };
  const templates = createTemplateManager({
    rpc,
    daemonUrl: options.daemonUrl,
    address: options.poolAddress,
    now,
    log,
    pollMs: options.pollMs,
    refreshMs: options.refreshMs,
    auditRoot: options.auditRoot,
    onTemplate(template, clean) {
      metrics?.onJob(clean, now());
      // The next epoch's cache is built before the switch, so the first share after it waits on nothing.
      if (template.nextSeed && !template.nextSeed.equals(template.seed))
        void randomx.prepare(template.nextSeed).catch((error: Error) => log(`xmr randomx: ${error.message}`));
      server.broadcast(template, clean);
      if (clean) {
        solved.delete(template.prevHash);
        sample(template);
        void chain.check().catch((error: Error) => log(`xmr chain: ${error.message}`));
      }
    },
  });
  await templates.start();
  // The first share must not wait on the cache of its epoch.
  await randomx.prepare(templates.current()!.seed);
  const timer = setInterval(() => {
    void chain.check().catch((error: Error) => log(`xmr chain: ${error.message}`));
    const template = templates.current();
    if (template && now() - lastSample >= 60_000) sample(template);
  }, options.chainCheckMs ?? 10_000);

  return {
    server,
    templates,
    chain,
    found,
    async stop() {
      clearInterval(timer);
      templates.stop();
      await server.close();
    },
  };
}
