import { useId, useState } from 'react';
import { isoDay, MAX_EXPORT_DAYS, parseExportDay } from '@openpool/domain/export-days';
import type { ExportFormat, ExportKind } from '@openpool/domain/miner-export';
import { useCurrency } from '~/currency/currency-context';
import { useT } from '~/i18n/use-t';
import { apiPaths } from '~/platform/api-paths';
import { useSiteSettings } from '~/platform/site-settings';

interface ExportChoice {
  kind: ExportKind;
  format: ExportFormat;
  from: string;
  to: string;
  fiat: string | null;
}

const DAY_MS = 86_400_000;

/**
 * What is wrong with the chosen days before the API is asked: the start after the end, or
 * more than the API exports at once (ten years, decision 029; an empty end day is today).
 */
export function rangeProblem(choice: Pick<ExportChoice, 'from' | 'to'>, nowMs: number): 'reversed' | 'tooLong' | null {
  if (choice.from === '') return null;
  if (choice.to !== '' && choice.from > choice.to) return 'reversed';
  const from = parseExportDay(choice.from);
  const to = parseExportDay(choice.to === '' ? isoDay(nowMs) : choice.to);
  if (from === null || to === null) return null;
  return (to - from) / DAY_MS + 1 > MAX_EXPORT_DAYS ? 'tooLong' : null;
}

/** The API's export URL for these choices; empty days are the API's defaults (first share, today). */
export function exportHref(apiBaseUrl: string, coin: string, address: string, choice: ExportChoice): string {
  const query = new URLSearchParams({ kind: choice.kind, format: choice.format });
  if (choice.from) query.set('from', choice.from);
  if (choice.to) query.set('to', choice.to);
  if (choice.fiat) query.set('fiat', choice.fiat);
  return `${apiBaseUrl}${apiPaths.minerExport(coin, address)}?${query.toString()}`;
}

const field = 'rounded-md border border-line bg-surface px-2 py-1.5 text-sm';
const choiceClass = 'flex items-center gap-2 text-sm';

/**
 * 'Export' on the miner pages (decision 023): payouts or daily rewards, a range of UTC days,
 * CSV or JSON, optionally valued in the display currency at each day's rate. The download is a
 * plain link to the API (a popover, no script needed to open it; without script the link is the
 * whole payout history as CSV).
 */
export function ExportDialog({ coin, address }: { coin: string; address: string }) {
  const t = useT();
  const id = useId();
  const apiBaseUrl = useSiteSettings()?.apiBaseUrl ?? '';
  const { selected } = useCurrency();
  const [choice, setChoice] = useState<ExportChoice>({ kind: 'payouts', format: 'csv', from: '', to: '', fiat: null });
  // The day a choice was made on: what an empty end day means (never read while rendering on the server).
  const [today, setToday] = useState<number | null>(null);
  const set = (change: Partial<ExportChoice>) => {
    setToday(new Date().getTime());
    setChoice((current) => ({ ...current, ...change }));
  };
  const year = (offset: number) => {
    const y = new Date().getUTCFullYear() + offset;
    set({ from: `${y}-01-01`, to: `${y}-12-31` });
  };
  const problem = today === null ? null : rangeProblem(choice, today);
  const reversed = problem !== null;
  const href = exportHref(apiBaseUrl, coin, address, { ...choice, fiat: choice.fiat ? selected : null });
  const titleId = `${id}-title`;
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        className="shrink-0 rounded-md border border-line px-3 py-1.5 text-sm font-medium hover:border-accent hover:text-accent"
        data-testid="export-open"
      >
        {t('miner.export.button')}
      </button>
      <div
        id={id}
        popover="auto"
        role="dialog"
        aria-labelledby={titleId}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface-raised p-4 text-ink shadow-xl backdrop:bg-black/40"
        data-testid="export-dialog"
      >
        <h2 id={titleId} className="text-base font-semibold">
          {t('miner.export.title')}
        </h2>
        <fieldset className="mt-3">
          <legend className="mb-1 text-xs text-ink-muted">{t('miner.export.what')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {(['payouts', 'rewards'] as const).map((kind) => (
              <label key={kind} className={choiceClass}>
                <input type="radio" name={`${id}-kind`} checked={choice.kind === kind} onChange={() => set({ kind })} />
                {t(kind === 'payouts' ? 'miner.export.payouts' : 'miner.export.rewards')}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-3 grid grid-cols-2 gap-3">
          <label className="grid gap-1 text-xs text-ink-muted">
            {t('miner.export.from')}
            <input
              type="date"
              className={field}
              value={choice.from}
              onChange={(e) => set({ from: e.target.value })}
              data-testid="export-from"
            />
          </label>
          <label className="grid gap-1 text-xs text-ink-muted">
            {t('miner.export.to')}
            <input
              type="date"
              className={field}
              value={choice.to}
              onChange={(e) => set({ to: e.target.value })}
              data-testid="export-to"
            />
          </label>
        </div>
        <div className="mt-2 flex flex-wrap gap-2 text-xs">
          <button type="button" className="text-accent hover:underline" onClick={() => year(0)}>
            {t('miner.export.thisYear')}
          </button>
          <button type="button" className="text-accent hover:underline" onClick={() => year(-1)}>
            {t('miner.export.lastYear')}
          </button>
          <button type="button" className="text-accent hover:underline" onClick={() => set({ from: '', to: '' })}>
            {t('miner.export.allTime')}
          </button>
        </div>
        {problem ? (
          <p role="alert" className="mt-2 text-xs text-red-600 dark:text-red-400">
            {t(problem === 'reversed' ? 'miner.export.reversed' : 'miner.export.tooLong')}
          </p>
        ) : null}
        <fieldset className="mt-3">
          <legend className="mb-1 text-xs text-ink-muted">{t('miner.export.format')}</legend>
          <div className="flex gap-4">
            {(['csv', 'json'] as const).map((format) => (
              <label key={format} className={choiceClass}>
                <input type="radio" name={`${id}-format`} checked={choice.format === format} onChange={() => set({ format })} />
                {format.toUpperCase()}
              </label>
            ))}
          </div>
        </fieldset>
        <label className={`${choiceClass} mt-3`}>
          <input
            type="checkbox"
            checked={choice.fiat !== null}
            onChange={(e) => set({ fiat: e.target.checked ? selected : null })}
            data-testid="export-fiat"
          />
          {t('miner.export.fiat', { currency: selected })}
        </label>
        <p className="mt-3 text-xs text-ink-muted">{t('miner.export.note')}</p>
        {/* Exact in the file, rounded on the page (decision 024): a reader comparing the two is told why. */}
        <p className="mt-1 text-xs text-ink-muted" data-testid="export-exact">
          {t('miner.export.exact')}
        </p>
        <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
          <button
            type="button"
            popoverTarget={id}
            popoverTargetAction="hide"
            className="rounded-md border border-line px-3 py-1.5 text-sm hover:border-accent"
          >
            {t('miner.export.close')}
          </button>
          <a
            href={reversed ? undefined : href}
            aria-disabled={reversed}
            download
            className="rounded-md bg-accent px-3 py-1.5 text-sm font-semibold text-accent-ink hover:opacity-90 aria-disabled:opacity-50"
            data-testid="export-download"
          >
            {t('miner.export.download')}
          </a>
        </div>
      </div>
    </>
  );
}
