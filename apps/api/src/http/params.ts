/** Path and query parameters every route validates the same way. */
import { z } from 'zod';
import { isWellFormedAddress, isWellFormedWorker } from '@openpool/domain/address';
import { CHART_RANGES } from '@openpool/domain/api';
import type { CoinTicker } from '@openpool/domain/coins';
import { isCoinReachable } from '@openpool/domain/site-config';
import { parsePlainNumber } from '@openpool/domain/validation';
import type { ApiContext } from '../context.ts';
import { badRequest, unsupportedCoin } from './errors.ts';

export const coinParam = z.string().max(32).describe('coin ticker, e.g. `ltc`');
export const addressParam = z.string().max(512).describe('miner address');
export const workerParam = z.string().max(256).describe('worker name');
/** A number in a query: the domain's plain-number rule with its bounds, else 400 naming them. */
export function plainNumberQuery(options: { min?: number; max: number; integer?: boolean }) {
  const kind = options.integer ? 'whole number' : 'number';
  return z
    .string()
    .refine(
      (text) => parsePlainNumber(text, options) !== null,
      `must be a plain ${kind} from ${options.min ?? 0} to ${options.max} (digits only: no sign, exponent or hexadecimal)`,
    )
    .transform(Number);
}

export const rangeQuery = z.object({ range: z.enum(CHART_RANGES).default('24h') });

/** Unknown or disabled coins answer 404 'Unsupported coin', like the site. */
export function checkCoin(ctx: ApiContext, coin: string): CoinTicker {
  if (!isCoinReachable(ctx.site, coin)) throw unsupportedCoin();
  return coin;
}

export function checkAddress(address: string): string {
  if (!isWellFormedAddress(address)) throw badRequest('Invalid address: up to 254 characters of letters, digits and . _ : @ + -');
  return address;
}

export function checkWorker(worker: string): string {
  if (!isWellFormedWorker(worker)) throw badRequest('Invalid worker name: up to 64 characters of letters, digits and . _ -');
  return worker;
}
