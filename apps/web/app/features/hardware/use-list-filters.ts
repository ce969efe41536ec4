import type { DeviceFilters } from '@openpool/domain/hardware-query';
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
export function useListFilters(powerCost: number): [DeviceFilters, (change: Partial<DeviceFilters>) => void] {
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
    // After the frame that shows the new list: the address bar is not worth delaying it.
    const search = listSearch(filters, powerCost);
    requestAnimationFrame(() => setTimeout(() => writeQuery(search)));
  };
  return [current.filters, change];
}
