import type { payoutsSchema } from '@openpool/domain/api';
import { explorerLink } from '@openpool/domain/coin-links';
import type { Coin } from '@openpool/domain/coins';
import { formatCoinAmount, truncateMiddle } from '@openpool/domain/format';
import type { z } from 'zod';
import { useCurrency } from '~/currency/currency-context';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import type { CoinInfo } from '@openpool/domain/coin-content';
import { CopyButton } from '~/shared/copy-button';
import { formatDateTime } from '~/shared/relative-time';
import { ScrollTable } from '~/shared/scroll-table';
import { Isolated, Ltr } from '~/shared/ltr';

export type Payout = z.infer<typeof payoutsSchema>['results'][number];

/**
 * An amount in coin units, with the coin's decimals like every amount of the site (the API
 * sends LTC with 8), and, once rates are in, in the visitor's currency below it.
 */
export function PayoutAmount({ amount, coin }: { amount: string; coin: Coin }) {
  const { toFiat } = useCurrency();
  const fiat = toFiat(Number(amount), coin.ticker);
  return (
    <>
      <Ltr>{formatCoinAmount(amount, coin.ticker)}</Ltr>
      {fiat && (
        <span className="block text-xs text-ink-muted">
          <Ltr>{fiat}</Ltr>
        </span>
      )}
    </>
  );
}

function TxId({ txid, info }: { txid: string | null; info: CoinInfo | null }) {
  const t = useT();
  if (!txid) return <span className="text-ink-muted">{t('payouts.notSent')}</span>;
  const href = info ? explorerLink(info, 'tx', txid) : null;
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
        >
          {/* Its name begins with the text it shows (WCAG 2.5.3, label in name); the rest is the whole hash. */}
          {label}
          <span className="sr-only">: {txid}</span>
        </a>
      ) : (
        <span className="font-mono" title={txid} dir="ltr" data-card-value="">
          {label}
        </span>
      )}
      <CopyButton value={txid} label={txid} />
    </span>
  );
}

/**
 * The payouts of one page, newest first; `info` is the operator's content
 * about the coin, whose explorer links each transaction. On a phone each payout is a card with
 * every column, transaction and status included.
 */
export function PayoutsTable({ payouts, coin, info }: { payouts: readonly Payout[]; coin: Coin; info: CoinInfo | null }) {
  const t = useT();
  const locale = useLocale();
  // Alignment per column: a figure's column lines up at the end, its heading with it.
  const headCell = 'py-2 pe-3 font-medium';
  return (
    <ScrollTable label={t('page.miner.payouts')} className="card-table">
      <table className="w-full text-sm tabular-nums sm:min-w-[36rem]" data-testid="payouts">
        <thead>
          <tr className="text-xs text-ink-muted">
            <th scope="col" className={`${headCell} text-start`}>
              {t('payouts.date')}
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
          {payouts.map((payout, index) => (
            <tr key={`${payout.date}-${payout.txid ?? index}`} className="border-t border-line" data-testid="payout-row">
              <td className="py-2 pe-3 whitespace-nowrap">
                <Isolated>{formatDateTime(payout.date, locale.iso)}</Isolated>
              </td>
              <td className="py-2 pe-3 text-end whitespace-nowrap" data-label={t('payouts.amount')}>
                <span>
                  <PayoutAmount amount={payout.amount} coin={coin} />
                </span>
              </td>
              <td className="card-stack py-2 pe-3" data-label={t('payouts.txid')}>
                <TxId txid={payout.txid} info={info} />
              </td>
              <td className="py-2" data-label={t('payouts.status')}>
                <span
                  className={
                    payout.status === 'Paid'
                      ? 'rounded-full bg-accent/10 px-2 py-0.5 text-xs font-medium text-accent'
                      : 'rounded-full border border-line px-2 py-0.5 text-xs font-medium text-ink-muted'
                  }
                >
                  {payout.status === 'Paid' ? t('payouts.status.paid') : t('payouts.status.unpaid')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
