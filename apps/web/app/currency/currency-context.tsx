/**
 * Display-currency state (fiat, crypto, selected; default USD) for the
 * whole frame. Rates are fetched once per page life in the browser after hydration; the
 * stored choice is read after hydration too, so the server HTML is the same for every visitor
 * (the switch says USD there) and the visitor's currency appears right after.
 */
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
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

/**
 * A store's value as React state, each change rendered in a transition. With
 * useSyncExternalStore every change renders synchronously (React will not let a store tear): the
 * rates arriving after hydration re-rendered every figure converted to fiat in one long task, the
 * largest single block of the home page's main thread on a phone (235 ms at 4x CPU, measured with
 * a CPU profile). A transition renders the same update in slices that yield to the browser;
 * converted figures may show a frame later.
 * The first render uses `initial`, as the server did, so hydration matches.
 */
function useStoreInTransition<T>(subscribe: (listener: () => void) => () => void, get: () => T, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const update = () => startTransition(() => setValue(get()));
    update();
    return subscribe(update);
  }, [subscribe, get]);
  return value;
}

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
  const { rates, status } = useStoreInTransition(ratesStore.subscribe, ratesStore.get, RATES_IDLE);
  const stored = useStoreInTransition(selectedStore.subscribe, selectedStore.get, null);

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
