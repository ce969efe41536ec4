/**
 * When the balance reaches the payout threshold at the current rate: the last 7 days' reward
 * per day (reward_7d / 7). Pure, so the server and the browser agree.
 */
import { GROUP_SEPARATOR } from '@openpool/domain/format';
import { numberFormat } from '@openpool/domain/intl';
export type PayoutEta = { kind: 'reached' } | { kind: 'no-rate' } | { kind: 'not-mining' } | { kind: 'in'; seconds: number };

/**
 * `mining`: whether the miner sends shares now (a worker online, a 10-minute hashrate). A miner
 * at 0 H/s earns nothing more, whatever it earned last week: no estimate (decision 020).
 */
export function payoutEta(balance: string, payoutThreshold: string, reward7d: string, mining = true): PayoutEta {
  const remaining = Number(payoutThreshold) - Number(balance);
  if (!(remaining > 0)) return { kind: 'reached' };
  if (!mining) return { kind: 'not-mining' };
  const perDay = Number(reward7d) / 7;
  if (!(perDay > 0) || !Number.isFinite(perDay)) return { kind: 'no-rate' };
  return { kind: 'in', seconds: Math.ceil((remaining / perDay) * 86_400) };
}

/** '3 hours', '2 days': one localised unit, rounded up, at least 1 (durations in the language's words). */
export function formatDuration(seconds: number, iso: string): string {
  const [unit, size] =
    seconds < 3_600 ? (['minute', 60] as const) : seconds < 172_800 ? (['hour', 3_600] as const) : (['day', 86_400] as const);
  const count = Math.max(1, Math.ceil(seconds / size));
  // Grouped like every figure ('1 213 days', not Intl's '1,213 days'; decision 002, addendum).
  return numberFormat(iso, { style: 'unit', unit, unitDisplay: 'long' })
    .formatToParts(count)
    .map((part) => (part.type === 'group' ? GROUP_SEPARATOR : part.value))
    .join('');
}
