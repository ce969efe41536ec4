/**
 * A block's confirmations, the one rule (decision 025): they follow the chain, `tip - height + 1`,
 * capped at the coin's maturity, for every block of every coin, merge-mined ones included. The
 * engine's status events (from the node or the simulator) decide when a block is mature and its
 * credits spendable; how deep it is shown is read from the chain's tip, so a page never shows
 * the steps in which those events arrive (1 -> 10 -> 50 -> 100).
 */

export interface BlockDepth {
  height: number;
  status: 'pending' | 'confirmed' | 'orphaned';
  /** Confirmations from the last status event, used only while no chain tip is known. */
  reported?: number;
}

/**
 * The block's confirmations: 0 for an orphan, the maturity once confirmed, otherwise
 * `tip - height + 1` within [0, maturity]. The tip is the highest the pool knows: the latest
 * network sample's, or higher where the block's own status event already reported more
 * confirmations than that sample implies (a fast chain, Kaspa's ten blocks a second, outruns a
 * sample taken minutes ago). Without a sample the reported figure stands alone.
 */
export function blockConfirmations(block: BlockDepth, tip: number | null | undefined, maturity: number): number {
  const cap = Math.max(0, Math.floor(maturity));
  if (block.status === 'orphaned') return 0;
  if (block.status === 'confirmed') return cap;
  const reported = Math.max(0, Math.floor(block.reported ?? 0));
  const sampled = tip === null || tip === undefined || !Number.isFinite(tip) || tip <= 0 ? null : Math.floor(tip);
  const height = Math.floor(block.height);
  const known = Math.max(sampled ?? 0, reported > 0 ? height + reported - 1 : 0);
  if (known <= 0) return 0;
  return Math.min(cap, Math.max(0, known - height + 1));
}

/** Blocks the chain still has to add on top before the block is mature (0 once it is). */
export function confirmationsToGo(block: BlockDepth, tip: number | null | undefined, maturity: number): number {
  if (block.status === 'orphaned') return 0;
  return Math.max(0, Math.floor(maturity) - blockConfirmations(block, tip, maturity));
}
