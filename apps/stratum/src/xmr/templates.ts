/**
 * One block template per block from monerod, with reserved bytes in the miner transaction
 * for each connection's extra nonce: miners get unique work without an RPC call each. A new
 * template when the chain tip moves (polled with the cheap `/get_height`) and
 * every 30 s so new transactions get in; templates of the tip's height stay valid until the
 * tip moves, and a share for an older tip is "Block expired".
 * Behind the extra nonce, the reserved bytes commit to the pool's latest audit root ('OPA1' and
 * the root, decision 025); a new root makes a new template.
 */
import { anchorPayload } from '@openpool/domain/audit';
import { parseBlockTemplate, type BlockTemplate } from './blob.ts';
import type { MoneroRpc } from './rpc.ts';

/** The extra nonce: 4 bytes for the connection, 4 for this process (two pool processes on one node never collide). */
export const EXTRA_NONCE_SIZE = 8;
/** Reserved bytes: the extra nonce, then the audit commitment ('OPA1' and a 32-byte root). */
export const RESERVE_SIZE = EXTRA_NONCE_SIZE + 36;

export interface XmrTemplate {
  /** Increases with every template this process made. */
  id: number;
  height: number;
  prevHash: string;
  seed: Buffer;
  /** The next epoch's seed when the switch is near (the node says it 64 blocks ahead). */
  nextSeed?: Buffer;
  difficulty: bigint;
  /** Subsidy plus fees, in atomic units, as the node expects the miner tx to pay. */
  reward: bigint;
  /** The audit root its reserved bytes commit to (none before the first root is known). */
  auditRoot?: string;
  parsed: BlockTemplate;
  createdAt: number;
}

interface TemplateAnswer {
  blocktemplate_blob: string;
  difficulty: number;
  wide_difficulty?: string;
  expected_reward: number;
  height: number;
  prev_hash: string;
  reserved_offset: number;
  seed_hash: string;
  next_seed_hash?: string;
}

export interface TemplateManagerOptions {
  rpc: MoneroRpc;
  /** The root URL of monerod (for `/get_height`, which is not JSON-RPC). */
  daemonUrl: string;
  address: string;
  now: () => number;
  log: (line: string) => void;
  onTemplate(template: XmrTemplate, clean: boolean): void;
  /** The latest audit root to commit to (audit-root.ts), when known. */
  auditRoot?: () => string | undefined;
  pollMs?: number;
  refreshMs?: number;
}

export function createTemplateManager(options: TemplateManagerOptions) {
  const { rpc, now, log } = options;
  const pollMs = options.pollMs ?? 500;
  const refreshMs = options.refreshMs ?? 30_000;
  let counter = 0;
  let current: XmrTemplate | undefined;
  let timer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> | undefined;
  let stopped = false;

  async function fetchTemplate(): Promise<XmrTemplate> {
    const answer = await rpc<TemplateAnswer>('get_block_template', {
      wallet_address: options.address,
      reserve_size: RESERVE_SIZE,
    });
    const blob = Buffer.from(answer.blocktemplate_blob, 'hex');
    const parsed = parseBlockTemplate(blob, answer.reserved_offset, RESERVE_SIZE);
    const auditRoot = options.auditRoot?.();
    // Written once into the template's blob: every connection's copy keeps it beside its own extra nonce.
    if (auditRoot) Buffer.from(anchorPayload(auditRoot), 'hex').copy(blob, parsed.reservedOffset + EXTRA_NONCE_SIZE);
    return {
      id: ++counter,
      height: answer.height,
      prevHash: answer.prev_hash,
      seed: Buffer.from(answer.seed_hash, 'hex'),
      ...(answer.next_seed_hash ? { nextSeed: Buffer.from(answer.next_seed_hash, 'hex') } : {}),
      difficulty: answer.wide_difficulty ? BigInt(answer.wide_difficulty) : BigInt(answer.difficulty),
      reward: BigInt(answer.expected_reward),
      ...(auditRoot ? { auditRoot } : {}),
      parsed,
      createdAt: now(),
    };
  }

  async function refreshOnce(): Promise<void> {
    const next = await fetchTemplate();
    const clean = !current || current.prevHash !== next.prevHash;
    current = next;
    options.onTemplate(next, clean);
  }

  function refresh(): Promise<void> {
    refreshing ??= refreshOnce().finally(() => (refreshing = undefined));
    return refreshing;
  }

  async function tipHash(): Promise<string> {
    const response = await fetch(new URL('/get_height', options.daemonUrl), {
      method: 'POST',
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json()) as { hash?: string; height?: number };
    if (typeof answer.hash !== 'string') throw new Error('get_height: no hash');
    return answer.hash;
  }

  async function poll(): Promise<void> {
    if (stopped) return;
    try {
      const tip = await tipHash();
      const root = options.auditRoot?.();
      const newRoot = root !== undefined && root !== current?.auditRoot;
      if (!current || tip !== current.prevHash || newRoot || now() - current.createdAt >= refreshMs) await refresh();
    } catch (error) {
      log(`xmr templates: ${(error as Error).message}`);
    }
    if (!stopped) timer = setTimeout(() => void poll(), pollMs);
  }

  return {
    async start() {
      await refresh();
      timer = setTimeout(() => void poll(), pollMs);
    },
    refresh,
    current: () => current,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

export type TemplateManager = ReturnType<typeof createTemplateManager>;
