import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/root';

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Root loader data; absent when the root loader itself failed, so callers must cope. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}
