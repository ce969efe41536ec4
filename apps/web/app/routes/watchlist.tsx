import { WatchList } from '~/features/watch-list/watch-list';

/** `/watchlist`: the visitor's own list of miners, kept in the browser (decision 023). */
export default function WatchListPage() {
  return <WatchList />;
}
