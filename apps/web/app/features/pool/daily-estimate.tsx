import type { CoinInfo } from '@openpool/domain/coin-content';
import { formatAmount, formatHashrate } from '@openpool/domain/format';
import { useCurrency } from '~/currency/currency-context';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { Isolated, Ltr } from '~/shared/ltr';
import { estimateDailyCoins, type EstimateInputs } from './estimate';

/** Estimated daily reward of the coin's reference device, in the selected currency when rates are in. */
export function DailyEstimate({
  stats,
  reference,
  ticker,
  deviceHref = null,
}: {
  stats: EstimateInputs;
  reference: CoinInfo['reference'];
  ticker: string;
  /** The reference device's page in the hardware catalogue (decision 010), when it is there. */
  deviceHref?: string | null;
}) {
  const t = useT();
  const { toFiat } = useCurrency();
  const coins = estimateDailyCoins(stats, reference.hashrate);
  if (coins === null) return null;
  const units = t('pool.card.estimateUnits', {
    amount: formatAmount(coins, ticker),
    ticker: ticker.toUpperCase(),
  });
  const fiat = toFiat(coins, ticker);
  return (
    <>
      <dt className="text-xs text-ink-muted">
        {t('pool.card.estimate')}{' '}
        {deviceHref ? (
          // Above the card's stretched link, so that it is a link of its own.
          <LocaleLink
            to={deviceHref}
            className="relative z-10 text-ink-muted hover:text-accent hover:underline"
            data-testid="card-device"
          >
            {t('pool.card.estimateFor', { hashrate: formatHashrate(reference.hashrate), device: reference.device })}
          </LocaleLink>
        ) : (
          <span className="text-ink-muted">
            {t('pool.card.estimateFor', { hashrate: formatHashrate(reference.hashrate), device: reference.device })}
          </span>
        )}
      </dt>
      <dd className="font-semibold tabular-nums" data-testid="card-estimate">
        {fiat ? (
          <>
            <Ltr>{fiat}</Ltr>{' '}
            <span className="font-normal text-ink-muted">
              · <Isolated>{units}</Isolated>
            </span>
          </>
        ) : (
          <Isolated>{units}</Isolated>
        )}
      </dd>
    </>
  );
}
