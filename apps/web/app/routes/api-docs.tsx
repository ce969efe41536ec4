import { appContext } from '~/platform/context';
import { fetchLimits } from '~/features/api-docs/api-docs-api.server';
import { ApiPage } from '~/features/api-docs/api-page';
import { lookup, valueOr } from '~/data/api-lookup.server';
import type { Route } from './+types/api-docs';

export async function loader({ context }: Route.LoaderArgs) {
  const { config, api } = context.get(appContext);
  // The page explains the API even when the API cannot say its limits right now.
  const limits = valueOr(await lookup('api page: limits', () => fetchLimits(api)), null);
  return { limits, exampleCoin: config.enabled.includes('ltc') ? 'ltc' : (config.enabled[0] ?? 'btc') };
}

/** `/api`: the public API's limits, caching and curl examples (decision 023). */
export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  return <ApiPage limits={loaderData.limits} exampleCoin={loaderData.exampleCoin} />;
}
