/**
 * Which round a found block closes, and what of its reward the round's miners share: one row
 * per kind of block, as Miningcore keeps one payout handler per scheme. Pure, so the
 * decision reads as a table and is tested without a database.
 */
import type { RewardScheme } from '@openpool/domain/address';
import type { LedgerKind } from './ledger.ts';

/** Round names in `round_shares`: a scheme, or `merge:{child}` for a merge-mined child. */
export const MERGE_ROUND = 'merge:';

export interface RoundClose {
  /** The coin whose miners' shares make the round (the parent, for a merged child). */
  roundCoin: string;
  round: string;
  kind: LedgerKind;
  /** What the round's miners share before the fee, in smallest units. */
  distributable: bigint;
  feePpm: number;
  /** SOLO: only the finder's own shares make the round, and only the finder is paid. */
  soloFinder: string | null;
}

interface BlockFacts {
  coin: string;
  scheme: RewardScheme;
  finder: string;
  reward: bigint;
  fees: bigint;
}

/** How each scheme's block pays: its round, its ledger kind, and which amount it splits. */
const SCHEME_ROUNDS: Readonly<
  Record<RewardScheme, { kind: LedgerKind; distributable: (block: BlockFacts) => bigint; solo: boolean }>
> = {
  // PPS already paid the subsidy share by share; the "+" shares the block's fees PROP-style.
  pps: { kind: 'fee_share', distributable: (block) => block.fees, solo: false },
  prop: { kind: 'block', distributable: (block) => block.reward, solo: false },
  solo: { kind: 'solo', distributable: (block) => block.reward, solo: true },
};

/**
 * The round a block closes. `pool` is the block coin's own pool (its fees per scheme), if it
 * has one; `merged` describes it as a merge-mined child of `merged.parent`, if it is one
 * (merged wins: fb under btc is paid as btc's child). Undefined: no pool pays this block.
 */
export function roundClosedBy(
  block: BlockFacts,
  pool: { feePpm: Readonly<Record<RewardScheme, number>> } | undefined,
  merged: { parent: string; feePpm: number } | undefined,
): RoundClose | undefined {
  if (merged) {
    // Merged children are found by the parent pool's work: every pool share of it counts.
    return {
      roundCoin: merged.parent,
      round: MERGE_ROUND + block.coin,
      kind: 'merge',
      distributable: block.reward,
      feePpm: merged.feePpm,
      soloFinder: null,
    };
  }
  if (!pool) return undefined;
  const row = SCHEME_ROUNDS[block.scheme];
  return {
    roundCoin: block.coin,
    round: block.scheme,
    kind: row.kind,
    distributable: row.distributable(block),
    feePpm: pool.feePpm[block.scheme],
    soloFinder: row.solo ? block.finder : null,
  };
}
