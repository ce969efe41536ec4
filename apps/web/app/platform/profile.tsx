/**
 * The visitor's profile from the main provider host:
 * `GET {profile_base}/api/v2/profile` with credentials, once per page load after hydration.
 * Until it answers, and when it is off or fails, powerCost is the domain's DEFAULT_POWER_COST.
 */
import {
  DEFAULT_POWER_COST_USD as DEFAULT_POWER_COST,
  DEFAULT_POWER_PRICE,
  type PowerPrice,
} from '@openpool/domain/power-default';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { apiPaths } from '~/platform/api-paths';
import { ApiError, createApiClient } from '~/platform/api-client';
import { useSiteSettings } from '~/platform/site-settings';

export interface ProfileState {
  /** Electricity price per kWh for revenue estimates, in `powerPrice.currency`. */
  powerCost: number;
  /** The same price with its currency (decision 024): the profile's `currency`, else USD. */
  powerPrice: PowerPrice;
  /** The profile object as the provider sent it; its fields are not specified. */
  profile: unknown | null;
}

const ProfileContext = createContext<ProfileState>({
  powerCost: DEFAULT_POWER_COST,
  powerPrice: DEFAULT_POWER_PRICE,
  profile: null,
});

/** The profile's power cost in the profile's currency (an ISO code), else in USD. */
export function powerPriceOf(profile: unknown): PowerPrice {
  const amount = powerCostOf(profile);
  const currency = typeof profile === 'object' && profile !== null ? (profile as { currency?: unknown }).currency : undefined;
  return { amount, currency: typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'USD' };
}

/** The profile's `power_cost` when it is a positive number, else the default. */
export function powerCostOf(profile: unknown): number {
  const value = typeof profile === 'object' && profile !== null ? (profile as { power_cost?: unknown }).power_cost : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : DEFAULT_POWER_COST;
}

/**
 * The profile object, or null. A visitor who is not signed in to the provider gets 401 or 403:
 * expected, so not reported; anything else that fails goes to the error reporter.
 */
export async function requestProfile(
  profileBase: string,
  options: { fetch?: typeof fetch; report?: (error: unknown) => void } = {},
): Promise<unknown | null> {
  const client = createApiClient({ baseUrl: profileBase, fetch: options.fetch });
  try {
    const body = await client.request(apiPaths.profile(), { credentials: 'include' });
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? body : null;
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) (options.report ?? reportLazily)(error);
    return null;
  }
}

let pending: { profileBase: string; request: Promise<unknown | null> } | undefined;

function profileOnce(profileBase: string): Promise<unknown | null> {
  if (pending?.profileBase !== profileBase) pending = { profileBase, request: requestProfile(profileBase) };
  return pending.request;
}

export function ProfileProvider({ children }: { children: ReactNode }) {
  const profileBase = useSiteSettings()?.integrations.profile_base;
  const [profile, setProfile] = useState<unknown | null>(null);
  useEffect(() => {
    if (!profileBase) return;
    let mounted = true;
    void profileOnce(profileBase).then((result) => {
      if (mounted) setProfile(result);
    });
    return () => {
      mounted = false;
    };
  }, [profileBase]);
  const state = useMemo<ProfileState>(
    () => ({ profile, powerCost: powerCostOf(profile), powerPrice: powerPriceOf(profile) }),
    [profile],
  );
  return <ProfileContext.Provider value={state}>{children}</ProfileContext.Provider>;
}

/** `{ powerCost, profile }`; outside a ProfileProvider, the defaults. */
export function useProfile(): ProfileState {
  return useContext(ProfileContext);
}

/** The reporter's code loads only when there is something to report. */
function reportLazily(error: unknown): void {
  void import('./telemetry/error-reporter').then(({ reportError }) => reportError(error));
}
