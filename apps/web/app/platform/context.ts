/**
 * What the server hands to middleware and loaders through React Router's context
 * (style.md: data sources reach loaders through context, not global imports).
 */
import type { CoinContent } from '@openpool/domain/coin-content';
import type { HardwareCatalogue } from '@openpool/domain/hardware';
import type { ComparePools } from '@openpool/domain/compare-pools';
import type { SiteConfig } from '@openpool/domain/site-config';
import { createContext } from 'react-router';
import type { ApiClient } from './api-client';
import type { DocumentCache } from '~/data/document-cache.server';

export interface PublicEnv {
  /** API base URL the browser calls (already switched for the Russian-domain host). */
  apiBaseUrl: string;
  /** Absolute origin of the site, for canonical and hreflang links. */
  siteUrl: string;
}

export interface AppContext {
  config: SiteConfig;
  /** Operator content per coin: descriptions, explorers, reference hardware, miner software. */
  coinContent: CoinContent;
  /** The device catalogue of `content/hardware`, validated at start-up. */
  hardware: HardwareCatalogue;
  /** Other pools' published terms for /compare-mining-pools (content/compare/pools.json). */
  comparePools: ComparePools;
  publicEnv: PublicEnv;
  /**
   * The pool API client of this request's loaders (already switched for the Russian-domain
   * host). Loaders call it through their feature's `*-api.server.ts` (decision 007).
   */
  api: ApiClient;
  /**
   * The sitemaps and robots.txt, built once from the content above and kept compressed
   * (decision 019; data/document-cache.server.ts): one cache per process and server build.
   */
  documents: DocumentCache;
  /** Domain the referral cookie is shared on (the parent domain), if any. */
  cookieDomain: string | undefined;
  /** REFERRAL_SECRET: signs the first-touch `ref_landing` cookie (decision 017); unset, none is set. */
  referralSecret?: string;
  nonce: string;
}

export const appContext = createContext<AppContext>();
