/**
 * The miner calls made from the browser (decision 007): applying settings (the API wants the
 * visitor's own request, with the proof typed in the form) and the referral call of the stats
 * page (it needs the visitor's `ref` cookie, so only the browser can make it).
 */
import type { settingsAppliedSchema } from '@openpool/domain/api';
import type { z } from 'zod';
import type { ApiClient } from '~/platform/api-client';
import { apiPaths } from '~/platform/api-paths';

export type SettingsApplied = z.infer<typeof settingsAppliedSchema>;

/** `POST /{coin}/api/v1/miner/settings/{address}`; the API checks everything again. */
export function applySettings(api: ApiClient, coin: string, address: string, body: Record<string, unknown>) {
  return api.request<SettingsApplied>(apiPaths.minerSettings(coin, address), { method: 'POST', body });
}

/**
 * `GET /api/v1/referral/track?coin&miner` with the visitor's cookies and a JSON content type,
 * the referral route reads the `ref` cookies (decision 017). Nothing on the page uses the answer.
 */
export function trackReferral(api: ApiClient, coin: string, address: string) {
  return api.request(apiPaths.referralTrack(), {
    query: { coin, miner: address },
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
  });
}
