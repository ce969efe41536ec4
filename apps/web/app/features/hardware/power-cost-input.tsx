import { MAX_POWER_COST, parsePowerCost } from '@openpool/domain/hardware-profit';
import { useState } from 'react';
import { useT } from '~/i18n/use-t';
import { checkNumber } from './calculator-input';
import { NumberField } from './number-field';

/**
 * The visitor's electricity price. Named `power_cost` so that a list's GET form carries it
 * without JavaScript; with it, every valid keystroke updates the figures and is remembered.
 * A figure that breaks a rule says which, in the spec's words (decision 020).
 */
export function PowerCostInput({
  value,
  currency,
  onChange,
}: {
  value: number;
  currency: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const [state, setState] = useState({ text: String(value), value });
  // Follow the value when the stored one arrives after hydration or changes in another tab
  // (state derived during render, React's pattern for it, rather than an effect).
  if (state.value !== value) setState({ text: parsePowerCost(state.text) === value ? state.text : String(value), value });
  const text = state.value === value ? state.text : String(value);
  const label = t('hw.powerCost', { currency });
  const { problem } = checkNumber(text, { field: label, min: 0, max: MAX_POWER_COST });
  return (
    <NumberField
      label={label}
      name="power_cost"
      value={text}
      problem={problem}
      onChange={(next) => {
        setState({ text: next, value: parsePowerCost(next) ?? value });
        onChange(next);
      }}
      className="w-36"
      testId="power-cost"
    />
  );
}
