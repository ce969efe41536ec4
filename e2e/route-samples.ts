import { LOCALE_CODES } from '@openpool/domain/locales';

/** One concrete URL per route of the site (app/routes.ts), without a locale prefix. */
export const ROUTE_SAMPLES: readonly string[] = [
  '/',
  '/about',
  '/articles',
  '/articles/get-support-ru',
  '/articles/get-support-uk',
  '/articles/get-support-en',
  '/articles/how-to-start-mining',
  '/compare-mining-pools',
  '/merge',
  '/test',
  '/device/asic',
  '/device/cpu',
  '/device/gpu',
  '/device/bitmain',
  '/device/asic/bitmain',
  '/device/bitmain/antminer-s21',
  '/device/asic/bitmain/antminer-s21',
  '/btc',
  '/btc/about-coin',
  '/btc/difficulty',
  '/btc/hashrate',
  '/btc/pool-hashrate',
  '/btc/top-miners',
  '/btc/blocks',
  '/btc/miner/email',
  '/btc/miner/payouts',
  '/btc/miner/payouts/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  '/btc/miner/settings',
  '/btc/miner/settings/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  '/btc/miner/stats/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  '/btc/miner/stats/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq/rig01',
  '/btc/miner/stats/bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq/rig01/solo',
  '/sdr',
];

// The 15 codes themselves are pinned by the domain's unit tests; here: none plus each of them.
export const LOCALE_PREFIXES: readonly string[] = ['', ...LOCALE_CODES];

export const ISO: Record<string, string> = { '': 'en', 'zh-cn': 'zh-CN', 'pt-br': 'pt-BR', kz: 'kk' };

export function withPrefix(prefix: string, path: string): string {
  if (!prefix) return path;
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`;
}
