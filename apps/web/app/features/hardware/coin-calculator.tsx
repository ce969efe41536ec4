import type { PoolStats } from '@openpool/domain/api';
import { COINS, isCoinTicker } from '@openpool/domain/coins';
import { useCurrency } from '~/currency/currency-context';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { Calculator } from './calculator';
import type { CoinMarket, MergedMarket } from './profit';
import type { ReferenceDevice } from './reference.server';
import { useMoney } from './use-money';
import { usePowerCost } from './use-power-cost';

const USD_ONLY = { USD: 1 };

/**
 * The revenue calculator of a coin's start page: the coin's pool stats, the prices the
 * currency switch loads in the browser (until then coins only), and the coin's reference
 * device as the starting hashrate and power, linked to its device page.
 */
export function CoinCalculator({
  stats,
  ticker,
  hashrate,
  reference,
  merged = [],
}: {
  stats: PoolStats;
  ticker: string;
  hashrate: number;
  reference: ReferenceDevice | null;
  /** The coins this pool's work merge-mines, priced here with the browser's rates. */
  merged?: readonly MergedMarket[];
}) {
  const t = useT();
  const { rates } = useCurrency();
  const fiat = rates?.fiat ?? USD_ONLY;
  const money = useMoney({ fiat });
  const power = usePowerCost(null, money.code, fiat);
  const price = rates?.crypto[ticker.toUpperCase()];
  const coin: CoinMarket = {
    ticker,
    name: isCoinTicker(ticker) ? COINS[ticker].name : ticker.toUpperCase(),
    algorithm: stats.algorithm,
    net_difficulty: stats.net_difficulty,
    block_reward: stats.block_reward,
    schemes: stats.schemes,
    fees: stats.fees,
    price_usd: price !== undefined && price > 0 ? price : null,
    updated_at: stats.updated_at,
    trend: null,
    merged: merged.map((child) => {
      const childPrice = rates?.crypto[child.ticker.toUpperCase()];
      return { ...child, price_usd: childPrice !== undefined && childPrice > 0 ? childPrice : null };
    }),
  };
  return (
    <div>
      <Calculator
        coins={[coin]}
        initial={{ ticker, hashrate, power: reference?.power ?? 0 }}
        powerCost={power.value}
        onPowerCost={power.set}
        fiat={fiat}
        currency={money.code}
        perUsd={money.perUsd}
        format={money.format}
      />
      {reference ? (
        <p className="mt-2 text-sm text-ink-muted">
          {t('calc.reference')}{' '}
          <LocaleLink
            to={reference.href}
            className="text-accent underline underline-offset-2 hover:decoration-2"
            data-testid="reference-device"
            dir="auto"
          >
            {reference.name}
          </LocaleLink>
        </p>
      ) : null}
    </div>
  );
}
