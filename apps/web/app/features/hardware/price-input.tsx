import { useState } from 'react';
import { useT } from '~/i18n/use-t';
import { parsePriceAmount } from './typed-price';

/**
 * The price the visitor would pay for the device, in the display currency. Named `price` so the
 * device page's GET form carries it without JavaScript; with it, every valid keystroke updates
 * payback and is remembered. Empty means 'no price of mine' (the known price applies again).
 */
export function PriceInput({
  value,
  currency,
  placeholder,
  onChange,
}: {
  value: number | null;
  currency: string;
  placeholder: string;
  onChange: (amount: number | null) => void;
}) {
  const t = useT();
  const shown = value === null ? '' : String(Math.round(value * 100) / 100);
  const [state, setState] = useState({ text: shown, value });
  // Follow a price that arrives after hydration (remembered, another tab): derived state, not an effect.
  if (state.value !== value) setState({ text: parsePriceAmount(state.text) === value ? state.text : shown, value });
  const text = state.value === value ? state.text : shown;
  const invalid = text.trim() !== '' && parsePriceAmount(text) === null;
  return (
    <label className="flex flex-col gap-1 text-xs text-ink-muted">
      {t('hw.yourPrice', { currency })}
      <input
        id="device-price"
        name="price"
        type="text"
        inputMode="decimal"
        value={text}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const next = event.target.value;
          const amount = next.trim() === '' ? null : parsePriceAmount(next);
          setState({ text: next, value: amount ?? value });
          if (next.trim() === '' || amount !== null) onChange(amount);
        }}
        className="w-36 rounded-md border border-line bg-surface-raised px-2 py-2 text-sm tabular-nums aria-invalid:border-red-600"
        data-testid="device-price"
      />
      {invalid ? <span className="text-red-700 dark:text-red-300">{t('hw.priceInvalid')}</span> : null}
    </label>
  );
}
