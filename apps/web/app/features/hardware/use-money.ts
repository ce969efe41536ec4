import { formatMoney } from '@openpool/domain/format';
import { useCurrency } from '~/currency/currency-context';
import { usdRate, type Market } from './profit';

/**
 * The display currency for hardware figures: the visitor's choice when the rates the page
 * loaded know it, else USD. Money is converted with the rates the loader fetched, so the
 * server HTML and the browser agree.
 */
export function useMoney(market: Pick<Market, 'fiat'>) {
  const { selected } = useCurrency();
  const { code, perUsd } = usdRate(market, selected);
  return { code, perUsd, format: (amount: number) => formatMoney(amount, code) };
}
