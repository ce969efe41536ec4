import { maxPowerCost, parsePowerAmount, powerCostForInput, MAX_POWER_COST_USD } from '@openpool/domain/power-cost';
import { useState } from 'react';
import { useT } from '~/i18n/use-t';
import { checkNumber } from './calculator-input';
import { NumberField } from './number-field';

/**
 * The visitor's electricity price per kWh in the display currency (decision 024: a price kept in
 * another currency shows converted, four significant digits). Named `power_cost` so that a
 * list's GET form carries it without JavaScript; with it, every valid keystroke updates the
 * figures and is remembered in this currency. A figure that breaks a rule says which, in the
 * spec's words (decision 020); the bound is the domain's, 10 USD worth in this currency.
 */
export function PowerCostInput({
  value,
  currency,
  fiat,
  onChange,
}: {
  value: number;
  currency: string;
  fiat: Readonly<Record<string, number>>;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const [state, setState] = useState({ text: powerCostForInput(value), value });
  // Follow the value when the stored one arrives after hydration or changes in another tab
  // (state derived during render, React's pattern for it, rather than an effect).
  if (state.value !== value)
    setState({ text: parsePowerAmount(state.text) === value ? state.text : powerCostForInput(value), value });
  const text = state.value === value ? state.text : powerCostForInput(value);
  const label = t('hw.powerCost', { currency });
  const max = maxPowerCost(currency, fiat) ?? MAX_POWER_COST_USD;
  const { problem } = checkNumber(text, { field: label, min: 0, max: Number(max.toPrecision(4)) });
  return (
    <NumberField
      label={label}
      name="power_cost"
      value={text}
      problem={problem}
      onChange={(next) => {
        setState({ text: next, value: parsePowerAmount(next) ?? value });
        onChange(next);
      }}
      className="w-36"
      testId="power-cost"
    />
  );
}
