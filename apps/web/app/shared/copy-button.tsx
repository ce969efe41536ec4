import { useEffect, useState } from 'react';
import { useT } from '~/i18n/use-t';

/** Copies a value and says 'Copied!' for two seconds. */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
      aria-label={label ? `${t('common.copy')}: ${label}` : t('common.copy')}
      className="shrink-0 rounded-md border border-line px-2 py-1 text-xs font-medium hover:border-accent hover:text-accent"
    >
      <span aria-live="polite">{copied ? t('common.copied') : t('common.copy')}</span>
    </button>
  );
}
