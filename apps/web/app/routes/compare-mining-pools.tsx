import { dateTimeFormat } from '@openpool/domain/intl';
import { COINS, isCoinTicker } from '@openpool/domain/coins';
import { splitLocalePath } from '@openpool/domain/locales';
import { Form, useSubmit } from 'react-router';
import { appContext } from '~/platform/context';
import { otherRow, ourRow, parseSort, sortParam, sortRows, type CompareRow } from '~/features/compare/compare-rows';
import { CompareTable } from '~/features/compare/compare-table';
import { loadCatalogue } from '~/i18n/catalogues';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { fetchStrictPoolStats } from '~/features/pool/pool-api.server';
import { lookup } from '~/data/api-lookup.server';
import type { Route } from './+types/compare-mining-pools';

export async function loader({ url, context }: Route.LoaderArgs) {
  const { config, comparePools, api } = context.get(appContext);
  const coins = config.enabled.filter(isCoinTicker).map((ticker) => ({
    ticker,
    name: COINS[ticker].name,
    compared: comparePools.pools.filter((row) => row.coin === ticker).length,
  }));
  // The coin with the most documented pools is where a visitor without a choice starts.
  const fallback = [...coins].sort((a, b) => b.compared - a.compared)[0]?.ticker ?? 'btc';
  const requested = url.searchParams.get('coin') ?? '';
  const coin = coins.some((c) => c.ticker === requested) ? requested : fallback;
  const sort = parseSort(url.searchParams.get('sort'));
  // The others' published figures still compare with each other; the page says ours are missing.
  const stats = await lookup(`compare: pool stats of ${coin}`, () => fetchStrictPoolStats(api, coin), {
    missing: 'unavailable',
  });
  const ours: CompareRow | null = stats.kind === 'found' ? ourRow(stats.value, 'OpenPool') : null;
  const others = comparePools.pools.filter((row) => row.coin === coin).map(otherRow);
  const { locale } = splitLocalePath(url.pathname);
  const t = await loadCatalogue(locale, ['site']);
  return {
    coins,
    coin,
    sort,
    asOf: comparePools.as_of,
    rows: sortRows(ours ? [ours, ...others] : others, sort),
    othersCount: others.length,
    oursAvailable: ours !== null,
    seo: { title: t._('page.compare.title'), description: t._('comparePools.lead') },
  };
}

/** `/compare-mining-pools`: our pool beside well-known pools of the same coin (decision 011). */
export default function ComparePools({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const submit = useSubmit();
  const { coins, coin, sort, asOf, rows, othersCount, oursAvailable } = loaderData;
  const coinName = coins.find((c) => c.ticker === coin)?.name ?? coin.toUpperCase();
  const date = dateTimeFormat(locale.iso, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${asOf}T00:00:00Z`));
  return (
    <section>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('page.compare.title')}</h1>
      <p className="mt-2 max-w-3xl leading-relaxed">{t('comparePools.lead')}</p>
      <Form method="get" className="mt-5 flex flex-wrap items-end gap-3" data-testid="compare-filter">
        <label className="text-sm">
          {t('comparePools.coin')}
          <select
            name="coin"
            defaultValue={coin}
            key={coin}
            className="mt-1 block rounded-md border border-line bg-surface-raised px-3 py-2"
            onChange={(event) => void submit(event.currentTarget.form, { preventScrollReset: true, replace: true })}
          >
            {coins.map((c) => (
              <option key={c.ticker} value={c.ticker}>
                {c.compared > 0 ? t('comparePools.coinOption', { coin: c.name, count: c.compared }) : c.name}
              </option>
            ))}
          </select>
        </label>
        <input type="hidden" name="sort" value={sortParam(sort)} />
        <button type="submit" className="rounded-md border border-line px-4 py-2 font-semibold">
          {t('comparePools.show')}
        </button>
      </Form>
      <p className="mt-4 max-w-3xl text-sm text-ink-muted" data-testid="compare-as-of">
        {t('comparePools.asOf', { date })}
      </p>
      {oursAvailable ? null : (
        <p role="status" className="mt-2 text-sm text-amber-700 dark:text-amber-400">
          {t('comparePools.oursUnavailable')}
        </p>
      )}
      {othersCount === 0 ? (
        <p className="mt-2 text-sm" data-testid="compare-no-others">
          {t('comparePools.noOthers', { coin: coinName })}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <CompareTable rows={rows} sort={sort} coin={coin} caption={t('comparePools.caption', { coin: coinName })} />
      ) : null}
    </section>
  );
}
