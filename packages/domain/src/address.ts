/**
 * Miner addresses, worker names and reward schemes as they appear in URLs and the API.
 * The pool does not check an address against its chain here: an unknown but well-formed
 * address simply has no data. What is refused is what no coin or e-mail account can be.
 */

/** E-mail-style accounts have their own page, `/{coin}/miner/email`. */
export function isEmailStyleAccount(address: string): boolean {
  return address.includes('@') || address.startsWith('krx');
}

/** Longest accepted address: a full e-mail address is at most 254 characters. */
export const MAX_ADDRESS_LENGTH = 254;
// Base58, bech32, hex, cashaddr ('bitcoincash:'), e-mail characters and usernames.
const ADDRESS_PATTERN = /^[A-Za-z0-9._:@+-]+$/;

export function isWellFormedAddress(address: string): boolean {
  return address.length > 0 && address.length <= MAX_ADDRESS_LENGTH && ADDRESS_PATTERN.test(address);
}

export const MAX_WORKER_LENGTH = 64;
const WORKER_PATTERN = /^[A-Za-z0-9._~-]+$/;

export function isWellFormedWorker(worker: string): boolean {
  return worker.length > 0 && worker.length <= MAX_WORKER_LENGTH && WORKER_PATTERN.test(worker);
}

export const REWARD_SCHEMES = ['pps', 'prop', 'solo'] as const;
export type RewardScheme = (typeof REWARD_SCHEMES)[number];

export function isRewardScheme(value: string): value is RewardScheme {
  return (REWARD_SCHEMES as readonly string[]).includes(value);
}

/** Address search: blank does nothing, otherwise the trimmed address. */
export function normaliseSearchAddress(input: string): string | null {
  const trimmed = input.trim();
  return trimmed === '' ? null : trimmed;
}

export function lastSearchStorageKey(coin: string): string {
  return `lastSearch:${coin}`;
}
