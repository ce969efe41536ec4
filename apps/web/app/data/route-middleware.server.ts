/**
 * Route validation as named middleware, the equivalent of the spec's page middleware
 * (docs/decisions/003-routes-locales-errors.md). A route module declares the checks it needs by
 * name, `export const middleware = named('coin', 'miner-address')`; they run before any
 * loader, so a bad parameter never reaches data fetching. A name that is not registered is a
 * programming error the spec makes visible: 500 'Unknown middleware'.
 */
import { isRewardScheme, isEmailStyleAccount, isWellFormedAddress, isWellFormedWorker } from '@openpool/domain/address';
import { getCoin } from '@openpool/domain/coins';
import { splitLocalePath } from '@openpool/domain/locales';
import { isCoinReachable } from '@openpool/domain/site-links';
import { redirect, type MiddlewareFunction } from 'react-router';
import { appContext } from '~/platform/context';
import { pageNotFound, unknownMiddleware, unsupportedCoin } from '~/platform/http-errors';

type RouteMiddleware = MiddlewareFunction<Response>;

/** 404 'Unsupported coin' unless the coin is in enabled or private_enabled. */
const coin: RouteMiddleware = ({ params, context }) => {
  if (!params.coin || !isCoinReachable(context.get(appContext).config, params.coin)) unsupportedCoin();
};

/**
 * E-mail-style accounts go to `/{coin}/miner/email`, keeping the locale prefix the visitor
 * came with; an address, worker or scheme no coin can have is 404.
 */
const minerAddress: RouteMiddleware = ({ params, request }) => {
  const { address, worker, scheme } = params;
  if (address !== undefined && isEmailStyleAccount(address)) {
    const { prefixed, locale } = splitLocalePath(new URL(request.url).pathname);
    throw redirect(`${prefixed ? `/${locale}` : ''}/${params.coin}/miner/email`);
  }
  if (address !== undefined && !isWellFormedAddress(address)) pageNotFound();
  if (worker !== undefined && !isWellFormedWorker(worker)) pageNotFound();
  if (scheme !== undefined && !isRewardScheme(scheme)) pageNotFound();
};

/** The Top Miners page exists only for coins that have the tab (not xmr, zeph, sal). */
const topMiners: RouteMiddleware = ({ params }) => {
  if (!getCoin(params.coin ?? '')?.hasTopMiners) pageNotFound();
};

/** The `:lang` prefix: one of the 15 locale codes (as written in our URLs), else 404. */
const locale: RouteMiddleware = ({ request }) => {
  if (!splitLocalePath(new URL(request.url).pathname).prefixed) pageNotFound();
};

/**
 * The root's check, before any route's: a path with an empty segment (`//`, `///`, `/btc//`)
 * is no page of ours, 404. React Router matches `//` as `/` (trailing slashes are ignored), so
 * it would answer the home page under a second address (`//` was once a 500).
 */
export const noEmptySegments: RouteMiddleware = ({ request }) => {
  if (new URL(request.url).pathname.includes('//')) pageNotFound();
};

export const ROUTE_MIDDLEWARE: Readonly<Record<string, RouteMiddleware>> = {
  coin,
  locale,
  'miner-address': minerAddress,
  'top-miners': topMiners,
};

const unknown: RouteMiddleware = () => unknownMiddleware();

export function named(...names: string[]): RouteMiddleware[] {
  return names.map((name) => ROUTE_MIDDLEWARE[name] ?? unknown);
}
