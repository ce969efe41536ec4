import { useState } from 'react';
import { useLocation } from 'react-router';
import { useStoredValue } from '~/shared/use-stored-value';
import { DEVICE_PRICES_KEY, parsePriceParam, parseStoredPrices, priceParam, type TypedPrice } from './typed-price';
import { withParam, writeQuery } from './write-query';

/** Every price this browser remembers, by device key; empty on the server and during hydration. */
export function useStoredPrices(): Record<string, TypedPrice> {
  return parseStoredPrices(useStoredValue(DEVICE_PRICES_KEY));
}

function store(deviceKey: string, price: TypedPrice | null): void {
  try {
    const prices = parseStoredPrices(localStorage.getItem(DEVICE_PRICES_KEY));
    if (price) prices[deviceKey] = price;
    else delete prices[deviceKey];
    localStorage.setItem(DEVICE_PRICES_KEY, JSON.stringify(prices));
  } catch {
    // Storage refused (private mode, quota): the figures still follow the input while on the page.
  }
  // The storage event only reaches other tabs; tell this one too.
  window.dispatchEvent(new StorageEvent('storage', { key: DEVICE_PRICES_KEY }));
}

/**
 * The price the visitor would pay for a device: the URL's `price` (a shared link), else the one
 * typed in this browser before, else null. The server renders the URL's only, so the HTML is the
 * same for every visitor; a typed price is remembered and written into the URL at once.
 */
export function useTypedPrice(deviceKey: string): [TypedPrice | null, (price: TypedPrice | null) => void] {
  const location = useLocation();
  const stored = useStoredPrices()[deviceKey] ?? null;
  // undefined: neither in the URL nor typed on this visit, so the remembered one applies.
  const fromUrl = () => parsePriceParam(new URLSearchParams(location.search).get('price')) ?? undefined;
  const [state, setState] = useState<{ key: string; price: TypedPrice | null | undefined }>(() => ({
    key: location.key,
    price: fromUrl(),
  }));
  const current = state.key === location.key ? state : { key: location.key, price: fromUrl() };
  if (current !== state) setState(current);

  const set = (price: TypedPrice | null) => {
    setState({ key: current.key, price });
    store(deviceKey, price);
    writeQuery(withParam('price', price ? priceParam(price) : null));
  };
  return [current.price === undefined ? stored : current.price, set];
}
