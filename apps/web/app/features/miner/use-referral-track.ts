import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { REFERRAL_COOKIE, REFERRAL_LANDING_COOKIE } from '@openpool/domain/referral';
import { readCookie } from '~/platform/cookies';
import { useApi } from '~/platform/site-settings';
import { trackReferral } from './miner-api';

/** A `ref` cookie with the landing the site signed beside it: without one the API records nothing. */
function hasReferralLanding(cookies: string): boolean {
  const present = (name: string) => (readCookie(cookies, name, Infinity) ?? '').trim() !== '';
  return present(REFERRAL_COOKIE.name) && present(REFERRAL_LANDING_COOKIE.name);
}

/**
 * The referral call (decision 017): on the miner stats page, in the
 * browser, only with a `ref` cookie and `?source=search`, once per page view (a location key;
 * the minute refresh does not count as a view). Failures are reported and ignored; the
 * response is not read. Only with the signed `ref_landing` too (decision 017): a `ref` set by
 * hand, or before landings were signed, would get a 403 and report it for nothing.
 */
export function useReferralTrack(coin: string, address: string): void {
  const api = useApi();
  const location = useLocation();
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!api || sentFor.current === location.key) return;
    if (new URLSearchParams(location.search).get('source') !== 'search' || !hasReferralLanding(document.cookie)) return;
    sentFor.current = location.key;
    trackReferral(api, coin, address).catch((error: unknown) => {
      void import('~/platform/telemetry/error-reporter').then((m) => m.reportError(error));
    });
  }, [api, coin, address, location.key, location.search]);
}
