/**
 * The rule that reads a worker's effective/reported hashrate ratio (decision 023), apart from
 * the payload schemas in best-reported.ts: the miner pages use it in the browser, where a module
 * that builds zod schemas would ship zod with it.
 */

/**
 * How a 24-hour ratio reads. Over a day a worker's share count makes luck small (a few percent),
 * so below 0.9 the pool receives noticeably less work than the miner claims (rejected or stale
 * shares, a miner that overstates itself); above 1.1 it claims less than it does.
 */
export function ratioVerdict(ratio: number | null): 'agrees' | 'below' | 'above' | null {
  if (ratio === null) return null;
  if (ratio < 0.9) return 'below';
  if (ratio > 1.1) return 'above';
  return 'agrees';
}
