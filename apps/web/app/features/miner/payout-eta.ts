/**
 * When the balance reaches the payout threshold: the domain's one rule (miner-rules.ts, decision
 * 024), which the bot's /status calls too; and how the page words the time.
 */
import { GROUP_SEPARATOR } from '@openpool/domain/format';
import { numberFormat } from '@openpool/domain/intl';
export { payoutEta, type PayoutEta } from '@openpool/domain/miner-rules';

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
