/**
 * Exchange rates for the page's life (GET {api}/api/v1/rates, run when no fiat
 * rates are loaded, no error handling). It lives outside React so the frame can remount (a
 * failed navigation swaps the page for the error page, frame included) without fetching again.
 */
import { parseRatesPayload } from '@openpool/domain/api-constants';
import type { ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';
import type { ExchangeRates } from './to-fiat';

export type RatesStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface RatesState {
  rates: ExchangeRates | null;
  status: RatesStatus;
}

export const RATES_IDLE: RatesState = Object.freeze({ rates: null, status: 'idle' });

export interface RatesStore {
  get(): RatesState;
  subscribe(listener: () => void): () => void;
  /** Starts the one load of this page's life; later calls do nothing, failure included. */
  ensureLoaded(load: () => Promise<ExchangeRates>): void;
}

export function createRatesStore(): RatesStore {
  let state = RATES_IDLE;
  const listeners = new Set<() => void>();
  const set = (next: RatesState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ensureLoaded(load) {
      if (state.status !== 'idle') return;
      set({ rates: null, status: 'loading' });
      load().then(
        (rates) => set(Object.keys(rates.fiat).length > 0 ? { rates, status: 'ready' } : { rates: null, status: 'failed' }),
        (error: unknown) => {
          // Amounts fall back to coin units; the reason is worth a line for whoever looks.
          console.warn('exchange rates unavailable:', error instanceof Error ? error.message : error);
          set({ rates: null, status: 'failed' });
        },
      );
    },
  };
}

/**
 * GET {api}/api/v1/rates through the browser's API client, checked by the domain's zod-free
 * guard (held to the API's schema by a test), so the browser bundle carries no zod.
 */
export async function fetchRates(api: ApiClient): Promise<ExchangeRates> {
  const body = await api.request(apiPaths.rates());
  const { fiat, crypto } = parseRatesPayload(body);
  return { fiat, crypto };
}
