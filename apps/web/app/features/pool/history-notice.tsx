import { useT } from '~/i18n/use-t';

/**
 * Said on the home and coin pages while a first start's history is still being filled in
 * behind the live figures (the API's `history_filling`, decision 014): the figures are live,
 * but charts and lists cover only the last hour or so until it is done.
 */
export function HistoryFillingNotice({ filling }: { filling: boolean }) {
  const t = useT();
  if (!filling) return null;
  return (
    <p
      role="status"
      data-testid="history-filling"
      className="mb-4 rounded-lg border border-line bg-surface-raised px-4 py-3 text-sm text-ink-muted"
    >
      {t('pool.historyFilling')}
    </p>
  );
}
