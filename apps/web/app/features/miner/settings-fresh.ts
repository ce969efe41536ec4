import { createApiClient } from '~/shared/api-client';
import { readSiteSettings } from '~/shared/site-settings';
import type { MinerSettings } from './settings-form';

/**
 * The address's current settings, read by the browser straight from the API. The server's
 * HTML micro-cache (5 s, html-cache.server.ts) may hold a page rendered before a change was
 * applied, so a reload right after 'Your settings have been applied.' would show the old
 * threshold; this read is never cached (the API marks settings private). Null on failure:
 * the server-rendered values stay.
 */
export async function fetchFreshSettings(coin: string, address: string): Promise<MinerSettings | null> {
  const apiBaseUrl = readSiteSettings(document)?.apiBaseUrl;
  if (!apiBaseUrl) return null;
  try {
    const client = createApiClient({ baseUrl: apiBaseUrl });
    return await client.request<MinerSettings>(`/${coin}/api/v1/miner/settings/${encodeURIComponent(address)}`);
  } catch (error) {
    console.warn(`settings ${coin}: ${(error as Error).message}`);
    return null;
  }
}
