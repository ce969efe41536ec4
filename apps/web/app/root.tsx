// First: zod's configuration must be in place before any schema module runs in the browser.
import './platform/zod-jitless';
import { LOCALES, getLocale, localizePath, splitLocalePath } from '@openpool/domain/locales';
import { useEffect, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import { getLoadedI18n, loadCatalogue } from '~/i18n/catalogues';
import { ErrorPage } from './features/layout/error-page';
import { partsForPath } from '~/i18n/message-parts';
import { I18nProvider } from '~/i18n/use-t';
import { SiteFrame } from './features/layout/site-frame';
import { SeoTags } from './shared/seo-tags';
import { usePageSeo } from './shared/page-seo';
import { headSeo, headSeoReady, loadHeadSeo } from './shared/head-seo';
import { COLOR_MODE_BOOTSTRAP } from './features/layout/color-mode-bootstrap';
import { useNonce } from './shared/nonce';
import { SiteSettingsScript, useSiteSettings } from '~/platform/site-settings';
import { referralMiddleware } from './data/referral.server';
import { noEmptySegments } from './data/route-middleware.server';

export const middleware = [noEmptySegments, referralMiddleware];

/**
 * A server loader must exist, or React Router would treat the root as client-only and render
 * nothing on the server. Everything the frame needs travels as site settings instead.
 */
export function loader() {
  return null;
}

/**
 * The next page's messages (its language, the parts its path needs) are loaded before it
 * renders, so a language switch never flashes English and no page shows a message id. It runs
 * for navigations only (entry.client.tsx loads the first page's parts), and also loads what
 * writes the next page's title (head-seo.ts): the server wrote the first page's head.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { pathname } = new URL(request.url);
  const { locale } = splitLocalePath(pathname);
  await Promise.all([loadCatalogue(locale, partsForPath(pathname)), loadHeadSeo(locale)]);
  return null;
}

export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  // Root data is the same for every page of a language: only a language switch, a page that
  // needs another part of the catalogue, or the first navigation (the titles' table and words)
  // runs the client loader again.
  const parts = (url: URL) => `${splitLocalePath(url.pathname).locale}:${partsForPath(url.pathname).join()}`;
  return parts(currentUrl) !== parts(nextUrl) || !headSeoReady(splitLocalePath(nextUrl.pathname).locale);
}

function AlternateLinks({ siteUrl, only }: { siteUrl: string; only: readonly string[] | undefined }) {
  const { pathname } = useLocation();
  const { locale, rest } = splitLocalePath(pathname);
  // A page that exists in some languages only (an article) offers only those as alternates.
  const alternates = only ? LOCALES.filter((alternate) => only.includes(alternate.code)) : LOCALES;
  return (
    <>
      <link rel="canonical" href={siteUrl + localizePath(rest, locale)} />
      {alternates.map((alternate) => (
        <link key={alternate.code} rel="alternate" hrefLang={alternate.iso} href={siteUrl + localizePath(rest, alternate.code)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={siteUrl + localizePath(rest, 'en')} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const locale = getLocale(splitLocalePath(pathname).locale);
  const settings = useSiteSettings();
  const nonce = useNonce();
  const i18n = getLoadedI18n(locale.code);
  const matches = useMatches();
  // A loader's own words first (articles, devices), else the route's: every page its own title.
  const seo =
    usePageSeo() ?? (i18n ? headSeo(matches, (id, values) => i18n._(id, values), locale.code, locale.dir === 'rtl') : null);
  return (
    <html lang={locale.iso} dir={locale.dir} data-locale={locale.code} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {i18n ? <SeoTags i18n={i18n} seo={seo} siteUrl={settings?.siteUrl} nonce={nonce} /> : null}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: COLOR_MODE_BOOTSTRAP }} />
        <Meta />
        <Links />
        {settings ? <AlternateLinks siteUrl={settings.siteUrl} only={seo?.alternates} /> : null}
      </head>
      <body className="min-h-screen bg-surface text-ink antialiased">
        {i18n ? <I18nProvider i18n={i18n}>{children}</I18nProvider> : children}
        <SiteSettingsScript />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // A marker browser tests wait for before they type: the page is interactive from here.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Route errors go to the error reporter (browser only; 4xx answers are not reported).
  useEffect(() => {
    void import('./platform/telemetry/error-reporter').then(({ reportError }) => reportError(error, 'route'));
  }, [error]);
  // Not a lazy chunk: an error page must show when the network is what failed.
  return <ErrorPage error={error} />;
}
