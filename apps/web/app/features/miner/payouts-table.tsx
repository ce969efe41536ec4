import type { MinerPayouts } from '@openpool/domain/api';
import { explorerLink, type ExplorerLinkKind } from '@openpool/domain/coin-links';
import { formatCoinAmount, truncateMiddle } from '@openpool/domain/format';
import { useCurrency } from '~/currency/currency-context';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { CopyButton } from '~/shared/copy-button';
import { formatDateTime } from '~/shared/relative-time';
import { ScrollTable } from '~/shared/scroll-table';
import { Isolated, Ltr } from '~/shared/ltr';

export type Payout = MinerPayouts['results'][number];

/** Each payout coin's explorer templates (content/coins.json), by ticker; a coin without one is absent. */
export type Explorers = Readonly<Record<string, Partial<Record<ExplorerLinkKind, string>>>>;

/**
 * An amount in coin units, with the coin's decimals like every amount of the site (the API
 * sends LTC with 8), and, once rates are in, in the visitor's currency below it.
 */
export function PayoutAmount({ amount, ticker }: { amount: string; ticker: string }) {
  const { toFiat } = useCurrency();
  const fiat = toFiat(Number(amount), ticker);
  return (
    <>
      <Ltr>{formatCoinAmount(amount, ticker)}</Ltr>
      {fiat && (
        <span className="block text-xs font-normal text-ink-muted">
          <Ltr>{fiat}</Ltr>
        </span>
      )}
    </>
  );
}

function TxId({ txid, explorer }: { txid: string | null; explorer: Explorers[string] | undefined }) {
  const t = useT();
  if (!txid) return <span className="text-ink-muted">{t('payouts.notSent')}</span>;
  const href = explorer ? explorerLink({ explorer }, 'tx', txid) : null;
  const label = truncateMiddle(txid, 8, 8);
  return (
    <span className="flex items-center gap-2">
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="font-mono text-accent hover:underline"
          data-card-value=""
          title={t('payouts.openTx', { txid })}
          dir="ltr"
          data-testid="payout-txid"
        >
          {/* Its name begins with the text it shows (WCAG 2.5.3, label in name); the rest is the whole hash. */}
          {label}
          <span className="sr-only">: {txid}</span>
        </a>
      ) : (
        <span className="font-mono" title={txid} dir="ltr" data-card-value="" data-testid="payout-txid">
          {label}
        </span>
      )}
      <CopyButton value={txid} label={txid} />
    </span>
  );
}

/**
 * The payouts of one page, newest first, each in its own coin (merge-mined ones included), with
 * its transaction linked to the coin's explorer where the operator gave one. On a phone each
 * payout is a card with every column, transaction and status included.
 */
export function PayoutsTable({ payouts, explorers }: { payouts: readonly Payout[]; explorers: Explorers }) {
  const t = useT();
  const locale = useLocale();
  // Alignment per column: a figure's column lines up at the end, its heading with it.
  const headCell = 'py-2 pe-3 font-medium';
  return (
    <ScrollTable label={t('page.miner.payouts')} className="card-table">
      <table className="w-full text-sm tabular-nums sm:min-w-[40rem]" data-testid="payouts">
        <thead>
          <tr className="text-xs text-ink-muted">
            <th scope="col" className={`${headCell} text-start`}>
              {t('payouts.date')}
            </th>
            <th scope="col" className={`${headCell} text-start`}>
              {t('payouts.coin')}
            </th>
            <th scope="col" className={`${headCell} text-end`}>
              {t('payouts.amount')}
            </th>
            <th scope="col" className={`${headCell} text-start`}>
              {t('payouts.txid')}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t('payouts.status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id} className="border-t border-line" data-testid="payout-row" data-coin={payout.coin}>
              <td className="py-2 pe-3 whitespace-nowrap">
                <Isolated>{formatDateTime(payout.date, locale.iso)}</Isolated>
              </td>
              <td className="py-2 pe-3 font-medium" data-label={t('payouts.coin')} data-testid="payout-coin">
                {payout.coin.toUpperCase()}
              </td>
              <td className="py-2 pe-3 text-end whitespace-nowrap" data-label={t('payouts.amount')}>
                <span>
                  <PayoutAmount amount={payout.amount} ticker={payout.coin} />
                </span>
              </td>
              <td className="card-stack py-2 pe-3" data-label={t('payouts.txid')}>
                <TxId txid={payout.txid} explorer={explorers[payout.coin]} />
              </td>
              <td className="py-2" data-label={t('payouts.status')}>
                <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span
                    className={
                      payout.status === 'Paid'
                        ? 'rounded-full bg-accent/10 px-2 py-0.5 text-xs font-medium text-accent'
                        : 'rounded-full border border-line px-2 py-0.5 text-xs font-medium text-ink-muted'
                    }
                  >
                    {payout.status === 'Paid' ? t('payouts.status.paid') : t('payouts.status.unpaid')}
                  </span>
                  {payout.confirmations !== null && (
                    <span className="text-xs text-ink-muted" data-testid="payout-confirmations">
                      {t('payouts.confirmations', { count: payout.confirmations })}
                    </span>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
