import { parsePowerCost } from '@openpool/domain/hardware-profit';
import { useState } from 'react';
import { useT } from '~/features/i18n/use-t';

/**
 * The visitor's electricity price. Named `power_cost` so that a list's GET form carries it
 * without JavaScript; with it, every valid keystroke updates the figures and is remembered.
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
  const invalid = parsePowerCost(text) === null;
  return (
    <label className="flex flex-col gap-1 text-xs text-ink-muted">
      {t('hw.powerCost', { currency })}
      <input
        name="power_cost"
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const next = event.target.value;
          setState({ text: next, value: parsePowerCost(next) ?? value });
          onChange(next);
        }}
        className="w-36 rounded-md border border-line bg-surface-raised px-2 py-2 text-sm tabular-nums aria-invalid:border-red-600"
        data-testid="power-cost"
      />
      {invalid ? <span className="text-red-700 dark:text-red-300">{t('hw.powerCostInvalid')}</span> : null}
    </label>
  );
}
