import { WatchList } from '~/features/watch-list/watch-list';

/** `/watchlist`: the visitor's own list of miners, kept in the browser (issue 29 item 6). */
export default function WatchListPage() {
  return <WatchList />;
}
