/**
 * Display-currency state (fiat, crypto, selected; default USD) for the
 * whole frame. Rates are fetched once per page life in the browser after hydration; the
 * stored choice is read after hydration too, so the server HTML is the same for every visitor
 * (the switch says USD there) and the visitor's currency appears right after.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useApi } from '~/platform/site-settings';
import { resolveSelectedCurrency, DEFAULT_CURRENCY } from './currency-codes';
import { createRatesStore, fetchRates, RATES_IDLE, type RatesStatus } from './rates-store';
import { createSelectedCurrencyStore } from './selected-currency-store';
import { formatCoinInFiat, type ExchangeRates } from './to-fiat';

export interface CurrencyState {
  selected: string;
  select(code: string): void;
  rates: ExchangeRates | null;
  status: RatesStatus;
  /** The amount in the selected currency ('€12.34'), or null without rates: show coin units only. */
  toFiat(amountInCoin: number, ticker: string): string | null;
}

const ratesStore = createRatesStore();
const selectedStore = createSelectedCurrencyStore(() => (typeof window === 'undefined' ? undefined : window.localStorage));

const noStoredChoice = () => null;
const serverRates = () => RATES_IDLE;

/** Outside a provider (isolated component tests): USD, no rates, coin units only. */
const WITHOUT_PROVIDER: CurrencyState = {
  selected: DEFAULT_CURRENCY,
  select: () => {},
  rates: null,
  status: 'idle',
  toFiat: () => null,
};

const CurrencyContext = createContext<CurrencyState>(WITHOUT_PROVIDER);

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const { rates, status } = useSyncExternalStore(ratesStore.subscribe, ratesStore.get, serverRates);
  const stored = useSyncExternalStore(selectedStore.subscribe, selectedStore.get, noStoredChoice);

  useEffect(() => {
    if (api) ratesStore.ensureLoaded(() => fetchRates(api));
  }, [api]);

  const selected = resolveSelectedCurrency(stored, rates?.fiat ?? null);
  const select = useCallback((code: string) => selectedStore.set(code.toUpperCase()), []);
  const toFiat = useCallback(
    (amountInCoin: number, ticker: string) => formatCoinInFiat(amountInCoin, ticker, selected, rates),
    [selected, rates],
  );
  const value = useMemo(() => ({ selected, select, rates, status, toFiat }), [selected, select, rates, status, toFiat]);
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyState {
  return useContext(CurrencyContext);
}
