/**
 * The analytics tag (decision 005), gtag.js-compatible: the script is loaded with `?id=`
 * and configured through `window.dataLayer`; a tag that ignores both still loads. It is
 * injected once, after hydration, so it never competes with the first paint.
 */

export interface AnalyticsConfig {
  script: string;
  id: string;
}

/** The script address with the property id as `id`, unless the operator already put one there. */
export function analyticsScriptUrl({ script, id }: AnalyticsConfig): string {
  const url = new URL(script);
  if (!url.searchParams.has('id')) url.searchParams.set('id', id);
  return url.toString();
}

const MARKER = 'data-openpool-analytics';

/** The CSP nonce of this page; the `nonce` property survives the browser hiding the attribute. */
function pageNonce(doc: Document): string {
  return doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/** Adds the tag to the page once; later calls (other frames, re-renders) find it there. */
export function loadAnalytics(config: AnalyticsConfig, doc: Document = document): void {
  if (doc.querySelector(`script[${MARKER}]`)) return;
  const win = doc.defaultView as (Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void }) | null;
  if (win) {
    const dataLayer = (win.dataLayer ??= []);
    win.gtag ??= function gtag() {
      // gtag.js reads `arguments` objects from the data layer, not arrays.
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    win.gtag('js', new Date());
    win.gtag('config', config.id);
  }
  const script = doc.createElement('script');
  script.async = true;
  script.src = analyticsScriptUrl(config);
  script.nonce = pageNonce(doc);
  script.setAttribute(MARKER, '');
  doc.head.append(script);
}
