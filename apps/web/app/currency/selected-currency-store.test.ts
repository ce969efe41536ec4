import { describe, expect, it, vi } from 'vitest';
import { createSelectedCurrencyStore, SELECTED_CURRENCY_KEY } from './selected-currency-store';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('selected currency store (local storage selectedCurrency)', () => {
  it('stores the choice under selectedCurrency and tells subscribers', () => {
    const storage = memoryStorage();
    const store = createSelectedCurrencyStore(() => storage);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.get()).toBeNull();
    store.set('EUR');
    expect(storage.getItem(SELECTED_CURRENCY_KEY)).toBe('EUR');
    expect(store.get()).toBe('EUR');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('restores what an earlier visit stored', () => {
    const storage = memoryStorage();
    storage.setItem(SELECTED_CURRENCY_KEY, 'UAH');
    expect(createSelectedCurrencyStore(() => storage).get()).toBe('UAH');
  });

  it('keeps the choice in memory when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    const store = createSelectedCurrencyStore(() => broken);
    expect(store.get()).toBeNull();
    expect(() => store.set('RUB')).not.toThrow();
    expect(store.get()).toBe('RUB');
  });

  it('works on the server, where there is no storage', () => {
    const store = createSelectedCurrencyStore(() => undefined);
    expect(store.get()).toBeNull();
    const unsubscribe = store.subscribe(() => {});
    expect(unsubscribe).not.toThrow();
  });
});
