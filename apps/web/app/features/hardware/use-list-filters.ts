import type { DeviceFilters } from '@openpool/domain/hardware-query';
import type { PowerPrice } from '@openpool/domain/power-cost';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { listSearch, parseFilters } from './catalogue';
import { writeQuery } from './write-query';

/**
 * A list's filters, applied the moment one changes (decision 010, "Filters that answer at once").
 * The state is the component's own, read from the URL on every navigation (a shared link, the
 * Reset link, the back button); a change writes the URL with `history.replaceState` rather than
 * a router navigation, so only the list renders again, and the address stays a link to what is
 * shown, carrying only values that differ from the defaults.
 */
export function useListFilters(powerCost: PowerPrice): [DeviceFilters, (change: Partial<DeviceFilters>) => void] {
  const location = useLocation();
  const [state, setState] = useState(() => ({ key: location.key, filters: parseFilters(new URLSearchParams(location.search)) }));
  // A navigation (link, back, forward) brings its own query: derived state, React's pattern for it.
  const current =
    state.key === location.key ? state : { key: location.key, filters: parseFilters(new URLSearchParams(location.search)) };
  if (current !== state) setState(current);

  const change = (next: Partial<DeviceFilters>) => {
    const filters = { ...current.filters, ...next };
    if ((Object.keys(next) as (keyof DeviceFilters)[]).every((name) => filters[name] === current.filters[name])) return;
    setState({ key: current.key, filters });
    // Once the page is idle: the address bar is not worth delaying the new list's frame, nor the
    // rows drawn after it (replaceState cost some 8 ms of a 4x slowed CPU inside that frame's task).
    const search = listSearch(filters, powerCost);
    whenIdle(() => writeQuery(search));
  };
  return [current.filters, change];
}

/**
 * After the frame that answers the change, when the main thread is idle (at most half a second
 * later); Safari has no idle callback. Asked for only once that frame is painted: an idle
 * callback asked for at once ran in the idle time before that frame's paint was done with, and
 * replaceState (3-8 ms of a 4x slowed CPU) delayed the answer (decision 010).
 */
function whenIdle(run: () => void) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 500 });
      else run();
    }),
  );
}
