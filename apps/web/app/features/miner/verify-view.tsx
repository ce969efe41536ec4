/**
 * The Verify page's table (decision 025): the miner's most recent credited periods, each with
 * a check mark once the browser has re-derived it with the same domain code as
 * `npm run verify` (audit-verify.ts): the chain of roots, the Merkle proof, the credit from
 * the published inputs, the ledger's credit. The page is complete without script; the marks
 * are what the browser adds.
 */
import { useEffect, useState } from 'react';
import { verifyMiner, type AuditGet, type VerifyResult } from '@openpool/domain/audit-verify';
import { formatAmount } from '@openpool/domain/format';
import { ApiError } from '~/platform/api-client';
import { useApi, useSiteSettings } from '~/platform/site-settings';
import { useT } from '~/i18n/use-t';
import { useLocale } from '~/i18n/use-locale';
import { CopyButton } from '~/shared/copy-button';
import { isolatedText, Ltr } from '~/shared/ltr';
import { formatDateTime } from '~/shared/relative-time';
import type { VerifyRow } from './verify-api.server';

type Check = { state: 'checking' } | { state: 'done'; result: VerifyResult } | { state: 'failed' };

const KIND_LABEL = {
  pps: 'verify.kind.pps',
  prop: 'verify.kind.prop',
  solo: 'verify.kind.solo',
  fee_share: 'verify.kind.feeShare',
  merge: 'verify.kind.merge',
} as const;

function useBrowserCheck(coin: string, address: string, rows: readonly VerifyRow[], to: number): Check {
  const api = useApi();
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const from = rows.length > 0 ? Math.min(...rows.map((row) => row.at)) : null;
  useEffect(() => {
    if (!api || from === null) return;
    let live = true;
    const get: AuditGet = async (path) => {
      try {
        return { status: 200, body: await api.request(path) };
      } catch (error) {
        if (error instanceof ApiError) return { status: error.status, body: error.body };
        throw error;
      }
    };
    verifyMiner({ coin, address, from, to, get }).then(
      (result) => live && setCheck({ state: 'done', result }),
      () => live && setCheck({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [api, coin, address, from, to]);
  return check;
}

export function VerifyView({
  coin,
  address,
  rows,
  to,
}: {
  coin: string;
  address: string;
  rows: readonly VerifyRow[];
  to: number;
}) {
  const t = useT();
  const locale = useLocale();
  const check = useBrowserCheck(coin, address, rows, to);
  const apiBaseUrl = useSiteSettings()?.apiBaseUrl ?? '';
  const command = `npm run verify -- --api ${apiBaseUrl} --coin ${coin} --address ${address}`;
  const mismatch = check.state === 'done' && !check.result.ok ? check.result : null;
  const agreed = new Map(
    check.state === 'done' && check.result.ok ? check.result.checks.map((c) => [c.period, c.credit?.toString() ?? '0']) : [],
  );

  return (
    <div className="grid gap-4">
      <p
        className="text-ink-muted"
        data-testid="verify-status"
        data-state={check.state === 'done' ? (check.result.ok ? 'ok' : 'mismatch') : check.state}
      >
        {rows.length === 0
          ? t('verify.none')
          : check.state === 'checking'
            ? t('verify.checking')
            : check.state === 'failed'
              ? t('verify.failed')
              : mismatch
                ? t('verify.mismatch', {
                    period: String(mismatch.period ?? '-'),
                    field: mismatch.field,
                    expected: mismatch.expected,
                    found: mismatch.found,
                  })
                : t('verify.agree', { count: check.result.ok ? check.result.periods : 0 })}
      </p>
      {rows.length > 0 ? (
        <div className="relative overflow-x-auto">
          {/* Relative: the marks' sr-only texts are absolute, and without it they were placed by
              the page, not this scroller, and widened a 320 px page to 480 px. */}
          <table className="w-full text-sm">
            <thead>
              {/* Each heading at the page's start, as its cells, not 'left': in Persian the headings
                  stood at the far side of their columns. On the cells themselves: a heading cell
                  centres what it does not inherit as an explicit alignment ('start' is the default). */}
              <tr className="text-ink-muted">
                <th className="py-1 pe-3 text-start font-medium">{t('verify.period')}</th>
                <th className="py-1 pe-3 text-start font-medium">{t('verify.kind')}</th>
                <th className="py-1 pe-3 text-start font-medium">{t('verify.time')}</th>
                <th className="py-1 pe-3 text-end font-medium">{t('verify.credit')}</th>
                <th className="py-1 font-medium">
                  <span className="sr-only">{t('verify.checked')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const ok = agreed.get(row.period) === row.units;
                const bad = mismatch?.period === row.period;
                return (
                  <tr key={row.period} className="border-t border-line" data-testid="verify-row">
                    <td className="py-1 pe-3 font-mono">{row.period}</td>
                    <td className="py-1 pe-3">{t(KIND_LABEL[row.kind as keyof typeof KIND_LABEL] ?? 'verify.kind.pps')}</td>
                    <td className="py-1 pe-3 whitespace-nowrap">{formatDateTime(row.at, locale.iso)}</td>
                    {/* The figure left to right inside the cell, the cell in the page's direction: a
                        left-to-right cell put its end (and its padding) on the right, away from its heading. */}
                    <td className="py-1 pe-3 text-end font-mono">
                      <Ltr>{`${formatAmount(row.amount, row.coin)} ${row.coin.toUpperCase()}`}</Ltr>
                    </td>
                    <td className="py-1" data-testid="verify-mark" data-ok={ok ? 'true' : bad ? 'false' : undefined}>
                      {ok ? (
                        <span className="text-emerald-700 dark:text-emerald-300" title={t('verify.checked')}>
                          ✓<span className="sr-only">{t('verify.checked')}</span>
                        </span>
                      ) : bad ? (
                        <span className="text-red-700 dark:text-red-300" title={t('verify.differs')}>
                          ✗<span className="sr-only">{t('verify.differs')}</span>
                        </span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <section className="grid gap-2">
        <h2 className="font-semibold">{t('verify.commandTitle')}</h2>
        {/* The flags isolated: in Persian the bare '--from, --to' reordered into '(from، --to--)'. */}
        <p className="text-sm text-ink-muted">
          {t('verify.commandIntro', { from: isolatedText('--from'), to: isolatedText('--to') })}
        </p>
        <div className="flex min-w-0 items-start gap-2">
          <code
            className="min-w-0 flex-1 overflow-x-auto rounded-lg bg-surface p-2 font-mono text-xs whitespace-pre"
            dir="ltr"
            tabIndex={0}
          >
            {command}
          </code>
          <CopyButton value={command} label={t('verify.commandTitle')} />
        </div>
      </section>
    </div>
  );
}
