import { Outlet, useOutletContext } from 'react-router';
import { named } from '~/data/route-middleware.server';

/** Every miner page checks its address, worker and scheme before anything loads. */
export const middleware = named('miner-address');

export default function MinerLayout() {
  return <Outlet context={useOutletContext()} />;
}
