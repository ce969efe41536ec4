/**
 * The explicit list of server settings the browser gets (style.md: values sent to the browser
 * are an explicit list). They travel beside the router, not through a loader, so every page
 * has them, including an error page rendered when middleware refused the request before any
 * loader ran.
 */
import { createContext, useContext, useMemo } from 'react';
import type { SiteConfig } from '@openpool/domain/site-config';
import { alertIsOver } from '@openpool/domain/site-links';
import type { AppContext } from './context';
import { createApiClient, type ApiClient } from './api-client';

export interface SiteSettings {
  apiBaseUrl: string;
  siteUrl: string;
  supportEmail: string;
  enabledCoins: readonly string[];
  iconStripCoins: readonly string[];
  links: SiteConfig['links'];
  alert: SiteConfig['alert'];
  regional: SiteConfig['regional'];
  coinLabels: SiteConfig['coin_labels'];
  integrations: SiteConfig['integrations'];
}

export const SITE_SETTINGS_ELEMENT_ID = 'openpool-settings';

export function siteSettingsFrom(
  { config, publicEnv }: Pick<AppContext, 'config' | 'publicEnv'>,
  nowMs: number = Date.now(),
): SiteSettings {
  return {
    apiBaseUrl: publicEnv.apiBaseUrl,
    siteUrl: publicEnv.siteUrl,
    supportEmail: config.support_email,
    enabledCoins: config.enabled,
    iconStripCoins: config.groups[config.icon_strip_group] ?? [],
    links: config.links,
    // An announcement whose window has passed is not sent at all (decision 027); a page cached
    // before its end hides it in the browser (alert-banner.tsx).
    alert: alertIsOver(config.alert, nowMs) ? { text: { default: '' } } : config.alert,
    regional: config.regional,
    coinLabels: config.coin_labels,
    integrations: config.integrations,
  };
}

export const SiteSettingsContext = createContext<SiteSettings | undefined>(undefined);

export function useSiteSettings(): SiteSettings | undefined {
  return useContext(SiteSettingsContext);
}

/**
 * The browser's pool API client (decision 007), on the public API URL of these settings;
 * null outside the settings provider (a unit test rendering a part on its own).
 */
export function useApi(): ApiClient | null {
  const apiBaseUrl = useSiteSettings()?.apiBaseUrl;
  return useMemo(() => (apiBaseUrl ? createApiClient({ baseUrl: apiBaseUrl }) : null), [apiBaseUrl]);
}

/** JSON in a non-executing script element; `<` is escaped so no value can close the tag. */
export function SiteSettingsScript() {
  const settings = useSiteSettings();
  if (!settings) return null;
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return (
    <script
      id={SITE_SETTINGS_ELEMENT_ID}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

export function readSiteSettings(doc: Document): SiteSettings | undefined {
  const text = doc.getElementById(SITE_SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as SiteSettings;
  } catch {
    return undefined;
  }
}
