import { dailyCoins, profitability, revenueScheme } from '@openpool/domain/profitability';
import { formatAmount, formatFee, hashrateUnit, thousandsStep } from '@openpool/domain/format';
import { Fragment, useId, useState } from 'react';
import { useT, type MessageId } from '~/i18n/use-t';
import { isolatedText, Ltr } from '~/shared/ltr';
import { ScrollTable } from '~/shared/scroll-table';
import { checkNumber } from './calculator-input';
import { NumberField } from './number-field';
import { PowerCostInput } from './power-cost-input';
import { mergedCoinsPerDay, type CoinMarket } from './profit';

/** The units a visitor types a hashrate in: H/s to PH/s, the site's steps of 1000. */
const UNITS = [0, 1, 2, 3, 4, 5].map((step) => [hashrateUnit(step), 1000 ** step] as const);

const PERIODS: ReadonlyArray<readonly [MessageId, number]> = [
  ['calc.day', 1],
  ['calc.week', 7],
  ['calc.month', 30],
  ['calc.year', 365],
];

/** The largest unit that keeps the figure at 1 or more: 234e12 H/s -> 234 TH/s. */
export function splitHashrate(hashrate: number): { value: number; unit: number } {
  const index = Math.min(thousandsStep(hashrate), UNITS.length - 1);
  return { value: Number((hashrate / UNITS[index]![1]).toPrecision(6)), unit: index };
}

const field = 'w-full rounded-md border border-line bg-surface-raised px-2 py-2 text-sm tabular-nums';

/**
 * The revenue calculator (decision 010): hashrate with unit, power, power cost, reward
 * scheme and the display currency in; coins, revenue, electricity and profit per day, week,
 * month and year out. Coins per day come from `dailyCoins`, the formula of the API's daily
 * revenue, at the chosen scheme's fee.
 */
export function Calculator({
  coins,
  initial,
  powerCost,
  onPowerCost,
  currency,
  perUsd,
  fiat,
  format,
  withPowerCost = true,
}: {
  coins: readonly CoinMarket[];
  /** False where the page around has its own power-cost input (device pages). */
  withPowerCost?: boolean;
  initial: { ticker: string; hashrate: number; power: number };
  powerCost: number;
  onPowerCost: (value: string) => void;
  currency: string;
  perUsd: number;
  /** The rates the power cost is converted and bounded with. */
  fiat: Readonly<Record<string, number>>;
  format: (amount: number) => string;
}) {
  const t = useT();
  const id = useId();
  const start = splitHashrate(initial.hashrate);
  const [ticker, setTicker] = useState(initial.ticker);
  const [hashText, setHashText] = useState(String(start.value));
  const [unit, setUnit] = useState(start.unit);
  const [powerText, setPowerText] = useState(String(initial.power));
  const coin = coins.find((entry) => entry.ticker === ticker) ?? coins[0];
  const [scheme, setScheme] = useState(coin ? revenueScheme(coin.schemes) : 'pps');
  if (!coin) return null;
  const activeScheme = coin.schemes.includes(scheme) ? scheme : revenueScheme(coin.schemes);
  // The settings form's rules and messages (decision 020): no figures until both fields pass.
  const hashInput = checkNumber(hashText, { field: t('calc.hashrate'), min: 0 });
  const powerInput = checkNumber(powerText, { field: t('calc.power'), min: 0 });
  const valid = hashInput.value !== null && powerInput.value !== null;
  const hashrate = (hashInput.value ?? 0) * UNITS[unit]![1];
  const power = powerInput.value ?? 0;
  const perDay = valid ? dailyCoins({ ...coin, schemes: [activeScheme] }, hashrate) : null;
  // The coins the same hashes merge-mine (DOGE, PEP, BELLS beside LTC), paid on top at no extra
  // power: in the revenue and profit, as in the device's profitability table above (decision 024).
  const merged = (valid ? (coin.merged ?? []) : []).flatMap((child) => {
    const childPerDay = mergedCoinsPerDay(child, hashrate);
    return childPerDay === null
      ? []
      : [
          {
            ticker: child.ticker,
            perDay: childPerDay,
            revenue: child.price_usd === null ? null : childPerDay * child.price_usd * perUsd,
          },
        ];
  });
  // A day's money from the domain's one formula; the periods are multiples of it.
  const daily =
    perDay === null
      ? null
      : profitability({
          coinsPerDay: perDay,
          price: coin.price_usd === null ? null : coin.price_usd * perUsd,
          powerW: power,
          powerCost,
          devicePrice: null,
          extraRevenue: merged.reduce((sum, child) => sum + (child.revenue ?? 0), 0),
        });

  return (
    <section
      className="rounded-xl border border-line bg-surface-raised p-4"
      data-testid="calculator"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('calc.title')}
      </h2>
      <div className="mt-3 grid grid-cols-2 items-end gap-3 md:grid-cols-3 xl:grid-cols-6">
        {coins.length > 1 ? (
          <label className="flex flex-col gap-1 text-xs text-ink-muted">
            {t('calc.coin')}
            <select value={coin.ticker} onChange={(event) => setTicker(event.target.value)} className={field}>
              {coins.map((entry) => (
                <option key={entry.ticker} value={entry.ticker}>
                  {entry.name} ({entry.ticker.toUpperCase()})
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <NumberField
          label={t('calc.hashrate')}
          value={hashText}
          onChange={setHashText}
          problem={hashInput.problem}
          testId="calc-hashrate"
        />
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t('calc.unit')}
          <select
            value={unit}
            onChange={(event) => setUnit(Number(event.target.value))}
            className={field}
            data-testid="calc-unit"
          >
            {UNITS.map(([name], index) => (
              <option key={name} value={index}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <NumberField
          label={t('calc.power')}
          value={powerText}
          onChange={setPowerText}
          problem={powerInput.problem}
          testId="calc-power"
        />
        <label className="flex flex-col gap-1 text-xs text-ink-muted">
          {t('calc.scheme')}
          <select value={activeScheme} onChange={(event) => setScheme(event.target.value)} className={field}>
            {coin.schemes.map((name) => (
              <option key={name} value={name}>
                {`${name === 'pps' ? 'PPS+' : name.toUpperCase()} (${isolatedText(formatFee(coin.fees[name]))})`}
              </option>
            ))}
          </select>
        </label>
        {withPowerCost ? <PowerCostInput value={powerCost} currency={currency} fiat={fiat} onChange={onPowerCost} /> : null}
      </div>
      {!valid ? null : perDay === null || daily === null ? (
        <p className="mt-3 text-sm text-ink-muted" data-testid="calc-no-data">
          <span className="font-medium">{t('common.notEnoughData')}</span> · {t('calc.noData')}
        </p>
      ) : (
        <ScrollTable
          /* Its own name: the section around it is already the calculator's region (axe landmark-unique). */
          label={[t('calc.revenue'), t('calc.electricity'), t('calc.profit')].join(', ')}
          // On a phone a card per period: Profit, the figure the calculator is for, never off-screen.
          className="card-table mt-4"
        >
          <table className="w-full text-sm tabular-nums" data-testid="calc-results">
            <thead>
              <tr className="text-xs text-ink-muted">
                <th scope="col" className="py-2 pe-3 text-start font-medium">
                  {t('calc.period')}
                </th>
                <th scope="col" className="py-2 pe-3 text-end font-medium">
                  {t('calc.coins', { ticker: coin.ticker.toUpperCase() })}
                </th>
                <th scope="col" className="py-2 pe-3 text-end font-medium">
                  {t('calc.revenue')}
                </th>
                <th scope="col" className="py-2 pe-3 text-end font-medium">
                  {t('calc.electricity')}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {t('calc.profit')}
                </th>
              </tr>
            </thead>
            <tbody>
              {PERIODS.map(([label, days]) => {
                const revenue = daily.revenue === null ? null : daily.revenue * days;
                const electricity = daily.electricity * days;
                const profit = daily.profit === null ? null : daily.profit * days;
                return (
                  <tr key={label} className="border-t border-line" data-testid={`calc-row-${days}`}>
                    <th scope="row" className="py-2 pe-3 text-start font-normal">
                      {t(label)}
                    </th>
                    <td
                      className="py-2 pe-3 text-end"
                      data-testid="calc-coins"
                      data-label={t('calc.coins', { ticker: coin.ticker.toUpperCase() })}
                    >
                      <Ltr>{formatAmount(perDay * days, coin.ticker)}</Ltr>
                    </td>
                    <td className="py-2 pe-3 text-end" data-label={t('calc.revenue')}>
                      {revenue === null ? <span>–</span> : <Ltr>{format(revenue)}</Ltr>}
                    </td>
                    <td className="py-2 pe-3 text-end" data-label={t('calc.electricity')}>
                      <Ltr>{format(electricity)}</Ltr>
                    </td>
                    <td
                      className={`py-2 text-end font-semibold ${profit !== null && profit < 0 ? 'text-red-700 dark:text-red-300' : ''}`}
                      data-label={t('calc.profit')}
                    >
                      {profit === null ? <span>–</span> : <Ltr>{format(profit)}</Ltr>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {valid && merged.length > 0 && perDay !== null ? (
        <p className="mt-2 text-xs text-ink-muted" data-testid="calc-merged">
          {/* One isolate per coin, so a 320 px phone wraps between them (one isolate was 322 px wide). */}
          {merged.map((child) => (
            <Fragment key={child.ticker}>
              <Ltr>{`+ ${formatAmount(child.perDay, child.ticker)} ${child.ticker.toUpperCase()}`}</Ltr>{' '}
            </Fragment>
          ))}
          {t('calc.merged')}
        </p>
      ) : null}
    </section>
  );
}
