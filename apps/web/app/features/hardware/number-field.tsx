import type { RuleMessage } from '@openpool/domain/validation';
import { useId } from 'react';
import { useT, type MessageId } from '~/i18n/use-t';

/**
 * A typed figure of the calculator or the power-cost field: its label, the input and, when the
 * figure breaks a rule, the rule's message in the page's language under it, tied to the input
 * for screen readers (as the settings form shows its problems).
 */
export function NumberField({
  label,
  value,
  onChange,
  problem,
  name,
  className = 'w-full',
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: RuleMessage | null;
  name?: string;
  className?: string;
  testId: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-xs text-ink-muted">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${className} rounded-md border border-line bg-surface-raised px-2 py-2 text-sm tabular-nums aria-invalid:border-red-600`}
        data-testid={testId}
      />
      {problem ? (
        <span id={`${id}-problem`} className="text-red-700 dark:text-red-300" data-testid={`${testId}-problem`}>
          {t(problem.id as MessageId, problem.values)}
        </span>
      ) : null}
    </div>
  );
}
