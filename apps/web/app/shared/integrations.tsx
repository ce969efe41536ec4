/**
 * Third-party integrations (spec section 7; issue 3, item 11), each off unless configured in
 * `integrations` of content/site.json: the error reporter, the analytics tag and the metrics
 * counter. Only side effects, all after hydration; the profile lives in ProfileProvider.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { loadAnalytics } from './analytics';
import { installErrorReporter } from './error-reporter';
import { countPageView } from './metrics';
import { useSiteSettings } from './site-settings';

export function Integrations() {
  const integrations = useSiteSettings()?.integrations;
  const { pathname } = useLocation();

  const dsn = integrations?.error_reporter?.dsn;
  useEffect(() => installErrorReporter(dsn), [dsn]);

  const analyticsScript = integrations?.analytics?.script;
  const analyticsId = integrations?.analytics?.id;
  useEffect(() => {
    if (analyticsScript && analyticsId) loadAnalytics({ script: analyticsScript, id: analyticsId });
  }, [analyticsScript, analyticsId]);

  const metricsEndpoint = integrations?.metrics?.endpoint;
  useEffect(() => {
    if (metricsEndpoint) countPageView(metricsEndpoint, pathname);
  }, [metricsEndpoint, pathname]);

  return null;
}
