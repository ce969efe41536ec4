/**
 * The visitor's display currency, kept in local storage under `selectedCurrency`
 * and shared by every switch on the page and by other tabs. Storage that throws (privacy
 * modes, quotas) degrades to memory for this page.
 */

export const SELECTED_CURRENCY_KEY = 'selectedCurrency';

export interface SelectedCurrencyStore {
  /** The raw stored code, or null; validation is the reader's job (resolveSelectedCurrency). */
  get(): string | null;
  set(code: string): void;
  subscribe(listener: () => void): () => void;
}

export function createSelectedCurrencyStore(storage: () => Storage | undefined): SelectedCurrencyStore {
  let memory: string | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === SELECTED_CURRENCY_KEY || event.key === null) notify();
  };
  return {
    get() {
      try {
        return storage()?.getItem(SELECTED_CURRENCY_KEY) ?? memory;
      } catch {
        return memory;
      }
    },
    set(code) {
      memory = code;
      try {
        storage()?.setItem(SELECTED_CURRENCY_KEY, code);
      } catch {
        // Memory keeps the choice for this page.
      }
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}
