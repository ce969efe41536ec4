import { sitePaths } from '@openpool/domain/paths';
import { useEffect, useState } from 'react';
import type { MinerStats } from '@openpool/domain/api';
import { formatCoinAmount, formatHashrate, formatInteger, truncateMiddle } from '@openpool/domain/format';
import { LocaleLink } from '~/shared/locale-link';
import { useT } from '~/i18n/use-t';
import { apiPaths } from '~/platform/api-paths';
import { Ltr } from '~/shared/ltr';
import { ScrollTable } from '~/shared/scroll-table';
import { useApi, useSiteSettings } from '~/platform/site-settings';
import { addWatched, removeWatched, useWatchList, WATCH_LIST_MAX, type Watched } from './watch-store';

type Row = { state: 'loading' } | { state: 'found'; stats: MinerStats } | { state: 'not-found' } | { state: 'unavailable' };
const keyOf = (entry: Watched) => `${entry.coin}:${entry.address}`;
const REFRESH_MS = 60_000;

/** Each watched miner's stats, from the browser (this page's figures are the visitor's own list). */
function useWatchedStats(list: readonly Watched[]): Record<string, Row> {
  const api = useApi();
  const [rows, setRows] = useState<Record<string, Row>>({});
  useEffect(() => {
    if (!api) return;
    let live = true;
    const load = () =>
      Promise.all(
        list.map(async (entry): Promise<[string, Row]> => {
          try {
            // The API's own payload; the browser ships no schema (decision 005), the API validated it.
            const stats = await api.request<MinerStats>(apiPaths.minerStats(entry.coin, entry.address));
            return [keyOf(entry), { state: 'found', stats }];
          } catch (error) {
            const status = (error as { status?: number }).status;
            return [keyOf(entry), { state: status === 404 || status === 400 ? 'not-found' : 'unavailable' }];
          }
        }),
      ).then((entries) => live && setRows(Object.fromEntries(entries)));
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, list]);
  return rows;
}

function AddForm() {
  const t = useT();
  const coins = useSiteSettings()?.enabledCoins ?? [];
  const [coin, setCoin] = useState(coins[0] ?? 'btc');
  const [address, setAddress] = useState('');
  const [full, setFull] = useState(false);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = address.trim();
        if (!trimmed) return;
        const added = addWatched({ coin, address: trimmed });
        setFull(!added);
        if (added) setAddress('');
      }}
    >
      <label className="grid gap-1 text-xs text-ink-muted">
        {t('watchlist.coin')}
        <select
          className="rounded-md border border-line bg-surface px-2 py-2 text-sm text-ink"
          value={coin}
          onChange={(e) => setCoin(e.target.value)}
          data-testid="watchlist-coin"
        >
          {coins.map((ticker) => (
            <option key={ticker} value={ticker}>
              {ticker.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <label className="grid min-w-[10rem] flex-1 gap-1 text-xs text-ink-muted">
        {t('watchlist.address')}
        <input
          className="w-full min-w-0 rounded-md border border-line bg-surface px-2 py-2 font-mono text-sm text-ink"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          dir="ltr"
          data-testid="watchlist-address"
        />
      </label>
      <button
        type="submit"
        className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-accent-ink"
        data-testid="watchlist-add"
      >
        {t('watchlist.add')}
      </button>
      {full ? (
        <p role="alert" className="basis-full text-sm text-red-600 dark:text-red-400">
          {t('watchlist.full', { max: WATCH_LIST_MAX })}
        </p>
      ) : null}
    </form>
  );
}

/**
 * `/watchlist` (decision 023): several addresses of any coins side by side, with their
 * hashrate, workers online and balance, kept in this browser only.
 */
export function WatchList() {
  const t = useT();
  const list = useWatchList();
  const rows = useWatchedStats(list);
  const cell = 'py-2 pe-3 align-top';
  return (
    <section className="min-w-0">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('watchlist.title')}</h1>
      <p className="mt-2 max-w-3xl leading-relaxed">{t('watchlist.lead')}</p>
      <div className="mt-4 rounded-xl border border-line bg-surface-raised p-4">
        <AddForm />
      </div>
      {list.length === 0 ? (
        <p className="mt-4 text-ink-muted" data-testid="watchlist-empty">
          {t('watchlist.empty')}
        </p>
      ) : (
        <div className="mt-4 rounded-xl border border-line bg-surface-raised p-4">
          <ScrollTable label={t('watchlist.title')}>
            <table className="w-full min-w-[34rem] text-sm" data-testid="watchlist-table">
              <thead className="text-xs text-ink-muted">
                <tr>
                  <th className="py-1 pe-3 text-start font-medium">{t('watchlist.miner')}</th>
                  <th className="py-1 pe-3 text-start font-medium">{t('watchlist.hashrate10m')}</th>
                  <th className="py-1 pe-3 text-start font-medium">{t('watchlist.hashrate24h')}</th>
                  <th className="py-1 pe-3 text-start font-medium">{t('watchlist.workers')}</th>
                  <th className="py-1 pe-3 text-start font-medium">{t('watchlist.balance')}</th>
                  <th className="py-1 text-start font-medium">
                    <span className="sr-only">{t('watchlist.remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((entry) => {
                  const row = rows[keyOf(entry)] ?? { state: 'loading' };
                  const stats = row.state === 'found' ? row.stats : null;
                  const missing =
                    row.state === 'not-found'
                      ? t('watchlist.notFound')
                      : row.state === 'unavailable'
                        ? t('watchlist.unavailable')
                        : '…';
                  return (
                    <tr key={keyOf(entry)} className="border-t border-line" data-testid="watchlist-row">
                      <td className={cell}>
                        <span className="me-2 rounded bg-line px-1.5 py-0.5 text-xs font-semibold">
                          {entry.coin.toUpperCase()}
                        </span>
                        <LocaleLink
                          to={sitePaths.miner(entry.coin, 'stats', entry.address)}
                          className="font-mono text-accent hover:underline"
                          title={entry.address}
                        >
                          <Ltr>{truncateMiddle(entry.address, 8, 8)}</Ltr>
                        </LocaleLink>
                      </td>
                      {stats ? (
                        <>
                          <td className={`${cell} tabular-nums`}>
                            <Ltr>{formatHashrate(stats.hashrate_10m)}</Ltr>
                          </td>
                          <td className={`${cell} tabular-nums`}>
                            <Ltr>{formatHashrate(stats.hashrate_24h)}</Ltr>
                          </td>
                          <td className={`${cell} tabular-nums`}>
                            <Ltr>{`${formatInteger(stats.workers_online)} / ${formatInteger(stats.workers_online + stats.workers_offline)}`}</Ltr>
                          </td>
                          <td className={`${cell} tabular-nums`}>
                            <Ltr>{formatCoinAmount(stats.balance, entry.coin)}</Ltr>
                          </td>
                        </>
                      ) : (
                        <td className={`${cell} text-ink-muted`} colSpan={4}>
                          {missing}
                        </td>
                      )}
                      <td className="py-2 text-end">
                        <button
                          type="button"
                          onClick={() => removeWatched(entry)}
                          className="rounded-md border border-line px-2 py-1 text-xs hover:border-accent hover:text-accent"
                        >
                          {t('watchlist.remove')}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollTable>
        </div>
      )}
      <p className="mt-3 text-xs text-ink-muted">{t('watchlist.windows')}</p>
    </section>
  );
}
