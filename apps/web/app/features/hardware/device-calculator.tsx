/**
 * The device page's revenue calculator, below a phone's first screen: an island (decision 037),
 * so its props are what it is computed from, each the same object or figure from one render to
 * the next (the loader's data, the power cost, the currency's code and rate); a new value of one
 * of them is a change the kept HTML does not show, and loads the part. Not the device's price:
 * the coins are ranked by profit a day, which the price does not change, so a price typed on an
 * earlier visit (read after hydration) does not load it.
 */
import { formatMoney } from '@openpool/domain/format';
import { Calculator } from './calculator';
import type { DevicePageData } from './device-page-data';
import { marketProfits } from './profit';

export interface DeviceCalculatorProps {
  data: DevicePageData;
  powerCost: number;
  currency: string;
  perUsd: number;
}

/** The page's own power cost input sets the power cost; the calculator has none. */
const noPowerCostInput = () => undefined;

export function DeviceCalculator({ data, powerCost, currency, perUsd }: DeviceCalculatorProps) {
  const profits = marketProfits(data.device.algorithms, data.market, { powerCost, perUsd, devicePriceUsd: null });
  const coin = profits[0]?.coin;
  const figure = data.device.algorithms.find((entry) => entry.algorithm === coin?.algorithm);
  if (!coin || !figure) return null;
  return (
    <Calculator
      key={coin.ticker}
      coins={profits.map((row) => row.coin)}
      initial={{ ticker: coin.ticker, hashrate: figure.hashrate, power: figure.power }}
      powerCost={powerCost}
      onPowerCost={noPowerCostInput}
      currency={currency}
      perUsd={perUsd}
      fiat={data.market.fiat}
      format={(amount) => formatMoney(amount, currency)}
      withPowerCost={false}
    />
  );
}
