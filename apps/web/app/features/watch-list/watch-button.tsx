import { useT } from '~/i18n/use-t';
import { addWatched, removeWatched, same, useWatchList } from './watch-store';

/** On a miner's stats page: put the address on this browser's watch list, or take it off. */
export function WatchButton({ coin, address }: { coin: string; address: string }) {
  const t = useT();
  const watching = useWatchList().some((entry) => same(entry, { coin, address }));
  return (
    <button
      type="button"
      aria-pressed={watching}
      onClick={() => (watching ? removeWatched({ coin, address }) : addWatched({ coin, address }))}
      className="shrink-0 rounded-md border border-line px-2 py-1 text-xs font-medium hover:border-accent hover:text-accent aria-pressed:border-accent aria-pressed:text-accent"
      data-testid="watch-button"
    >
      {t(watching ? 'watchlist.watching' : 'watchlist.watch')}
    </button>
  );
}
