/**
 * The one percent formatter of the site (issue 11: three before): a fraction as a localised
 * percentage, '4.27%' with up to two decimals unless the figure asks for fewer (effort: one).
 * No figure ('—') for null; a fraction that is not finite reads 0.
 */
import { numberFormat } from '@openpool/domain/intl';

export function formatPercent(fraction: number | null | undefined, iso: string, maximumFractionDigits = 2): string {
  if (fraction === null || fraction === undefined) return '—';
  return numberFormat(iso, { style: 'percent', maximumFractionDigits }).format(Number.isFinite(fraction) ? fraction : 0);
}
