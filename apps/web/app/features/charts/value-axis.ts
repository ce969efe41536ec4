/**
 * Labels of a chart's value axis: one unit for the whole axis, chosen by its largest tick, and
 * as many decimals as its step needs (at most the spec's two), so the ticks read '0 EH/s',
 * '0.5 EH/s', '1.0 EH/s' and never '00.00 PH/s' beside '2.00 EH/s'.
 */
import { groupThousands, hashrateUnit, SI_PREFIXES, thousandsStep } from '@openpool/domain/format';

export type ValueKind = 'hashrate' | 'difficulty';

export function axisLabels(kind: ValueKind, ticks: readonly number[]): string[] {
  // The steps of 1000 of `formatHashrate` and `formatDifficulty`, chosen by the largest tick.
  const power = thousandsStep(Math.max(0, ...ticks.map(Math.abs)));
  const scale = 1000 ** power;
  const unit = kind === 'hashrate' ? hashrateUnit(power) : SI_PREFIXES[power];
  const scaled = ticks.map((tick) => tick / scale);
  // The fewest decimals that write every tick exactly (0.5 needs one, 0.25 two).
  const decimals = [0, 1, 2].find((d) => scaled.every((v) => Math.abs(v * 10 ** d - Math.round(v * 10 ** d)) < 1e-6)) ?? 2;
  return scaled.map((value) => {
    const [whole = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
    const number = `${value < 0 ? '-' : ''}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
    return unit ? `${number} ${unit}` : number;
  });
}
