/** A device page's description for search results and link previews (the loader of routes/device.tsx). */
import { formatMoney } from '@openpool/domain/format';
import { bestCoin, DEFAULT_POWER_COST } from '@openpool/domain/hardware-profit';
import type { Translator } from '~/i18n/translator';
import type { DevicePageData } from './device-page-data';
import { formatHashrate, formatPower } from './figures';
import { marketProfits } from './profit';

/** What a search result shows of a description, about; past it, fewer algorithms. */
const SHOWN_CHARACTERS = 160;
/** Coins named at most; past them a count ('KAS, ETC, RVN +15'): a card that mines 18 of ours. */
const NAMED_COINS = 4;

/**
 * What a search result says about the device, in the page's language: its maker and name, its
 * hashrate and power on the algorithms our pools mine (the best coin's first; two, or one when
 * two pass what a result shows), the coins it mines here (the best first) and the best one's
 * profit a day at the default power cost in USD, as the page's server render shows it before a
 * visitor types their own. Without pool data, no profit; a device none of our coins fits says so.
 */
export function deviceDescription(page: DevicePageData, t: Translator, iso: string): string {
  const { device, vendor, coins, market } = page;
  const best = coins.length > 0 ? bestCoin(marketProfits(device.algorithms, market, moneyAt(page))) : null;
  const algorithmOf = new Map(market.coins.map((coin) => [coin.ticker, coin.algorithm]));
  const mined = new Set(coins.map((coin) => algorithmOf.get(coin.ticker)));
  const first = (is: (value: string) => boolean) => (a: string, b: string) => Number(is(b)) - Number(is(a));
  const byBest = first((algorithm) => algorithm === best?.coin.algorithm);
  const byMined = first((algorithm) => mined.has(algorithm));
  const ranked = [...device.algorithms].sort((a, b) => byBest(a.algorithm, b.algorithm) || byMined(a.algorithm, b.algorithm));
  const tickers = [...coins]
    .sort((a, b) => Number(b.ticker === best?.coin.ticker) - Number(a.ticker === best?.coin.ticker))
    .map((coin) => coin.ticker.toUpperCase());
  const named = tickers.length > NAMED_COINS ? tickers.slice(0, NAMED_COINS - 1) : tickers;
  const list = new Intl.ListFormat(iso, { type: 'conjunction', style: 'narrow' }).format(named);
  const describe = (algorithms: number) => {
    const values = {
      device: `${vendor.name} ${device.name}`,
      figures: ranked
        .slice(0, algorithms)
        .map((entry) => `${entry.algorithm} ${formatHashrate(entry.hashrate)}, ${formatPower(entry.power)}`)
        .join('; '),
      coins: named.length < tickers.length ? `${list} +${tickers.length - named.length}` : list,
    };
    if (coins.length === 0) return t._('meta.device.descriptionNoCoin', values);
    if (!best || best.profit === null) return t._('meta.device.descriptionNoProfit', values);
    return t._('meta.device.description', {
      ...values,
      coin: best.coin.ticker.toUpperCase(),
      profit: formatMoney(best.profit, 'USD'),
      power: formatMoney(DEFAULT_POWER_COST, 'USD'),
    });
  };
  const two = describe(2);
  return two.length > SHOWN_CHARACTERS && ranked.length > 1 ? describe(1) : two;
}

/** The money the page's server render computes with: the default power cost, USD, the known price. */
const moneyAt = (page: DevicePageData) => ({ powerCost: DEFAULT_POWER_COST, perUsd: 1, devicePriceUsd: page.priceUsd });
