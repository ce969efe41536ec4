/**
 * A Sentry DSN, `https://PUBLIC_KEY@HOST[:PORT][/PATH]/PROJECT_ID`: where the error reporter
 * posts its envelopes. Free of imports, so the web server (plain Node) can use it for the CSP.
 */
export interface Dsn {
  publicKey: string;
  /** Scheme, host and port of the reporting server: what the CSP must allow in connect-src. */
  origin: string;
  projectId: string;
  /** `{origin}{path}/api/{projectId}/envelope/?sentry_key=…&sentry_version=7` */
  envelopeUrl: string;
}

/** `https://PUBLIC_KEY@HOST[:PORT][/PATH]/PROJECT_ID`, as Sentry writes it; null when it is not one. */
export function parseDsn(dsn: string): Dsn | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const publicKey = decodeURIComponent(url.username);
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!publicKey || !projectId || !/^\d+$/.test(projectId)) return null;
  const path = segments.length ? `/${segments.join('/')}` : '';
  const query = new URLSearchParams({ sentry_key: publicKey, sentry_version: '7' });
  return {
    publicKey,
    origin: url.origin,
    projectId,
    envelopeUrl: `${url.origin}${path}/api/${projectId}/envelope/?${query}`,
  };
}
