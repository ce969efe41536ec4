/**
 * Third-party integrations (decision 005), each off unless configured in
 * `integrations` of content/site.json: the error reporter, the analytics tag and the metrics
 * counter. Only side effects, all after hydration; the profile lives in ProfileProvider.
 * Each one's code is loaded only when it is configured, so a site without them ships none.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSiteSettings } from '~/platform/site-settings';

export function Integrations() {
  const integrations = useSiteSettings()?.integrations;
  const { pathname } = useLocation();

  const dsn = integrations?.error_reporter?.dsn;
  useEffect(() => {
    if (!dsn) return;
    let uninstall: (() => void) | undefined;
    let cancelled = false;
    void import('./error-reporter').then(({ installErrorReporter }) => {
      if (!cancelled) uninstall = installErrorReporter(dsn);
    });
    return () => {
      cancelled = true;
      uninstall?.();
    };
  }, [dsn]);

  const analyticsScript = integrations?.analytics?.script;
  const analyticsId = integrations?.analytics?.id;
  useEffect(() => {
    if (analyticsScript && analyticsId) {
      void import('./analytics').then(({ loadAnalytics }) => loadAnalytics({ script: analyticsScript, id: analyticsId }));
    }
  }, [analyticsScript, analyticsId]);

  const metricsEndpoint = integrations?.metrics?.endpoint;
  useEffect(() => {
    if (metricsEndpoint) void import('./metrics').then(({ countPageView }) => countPageView(metricsEndpoint, pathname));
  }, [metricsEndpoint, pathname]);

  return null;
}
