/**
 * The watch list (decision 023): addresses of any coins, kept in this browser only (no
 * account), under local storage `watchList` as JSON [{coin, address}]. Read on the server as
 * empty, so every visitor gets the same HTML; changes in another tab show here too.
 */
import { useSyncExternalStore } from 'react';

export const WATCH_LIST_KEY = 'watchList';
export const WATCH_LIST_MAX = 20;

export interface Watched {
  coin: string;
  address: string;
}

const listeners = new Set<() => void>();
let cachedText: string | null = null;
let cached: readonly Watched[] = [];
const EMPTY: readonly Watched[] = [];

/** A stored list as entries, dropping anything that is not one (a hand-edited or old value). */
export function parseWatchList(text: string | null): Watched[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (entry): entry is Watched =>
          typeof entry === 'object' && entry !== null && typeof entry.coin === 'string' && typeof entry.address === 'string',
      )
      .map(({ coin, address }) => ({ coin, address }))
      .slice(0, WATCH_LIST_MAX);
  } catch {
    return [];
  }
}

function read(): readonly Watched[] {
  let text: string | null = null;
  try {
    text = localStorage.getItem(WATCH_LIST_KEY);
  } catch {
    return EMPTY;
  }
  if (text !== cachedText) {
    cachedText = text;
    cached = parseWatchList(text);
  }
  return cached;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

function write(list: readonly Watched[]): void {
  try {
    localStorage.setItem(WATCH_LIST_KEY, JSON.stringify(list));
  } catch {
    // Storage refused (private mode, full): the list stays as it was.
  }
  for (const listener of listeners) listener();
}

export const same = (a: Watched, b: Watched) => a.coin === b.coin && a.address === b.address;

/** Adds an entry once; false when the list is full. */
export function addWatched(entry: Watched): boolean {
  const list = read();
  if (list.some((item) => same(item, entry))) return true;
  if (list.length >= WATCH_LIST_MAX) return false;
  write([...list, entry]);
  return true;
}

export function removeWatched(entry: Watched): void {
  write(read().filter((item) => !same(item, entry)));
}

export function useWatchList(): readonly Watched[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
