import { getLocale, localizePath, splitLocalePath } from '@openpool/domain/locales';
import { useLocation } from 'react-router';
import { jsonLdText, type PageSeo } from './page-seo';

interface Props {
  i18n: { _: (id: 'site.name' | 'site.tagline' | 'meta.description') => string };
  seo: PageSeo | null;
  siteUrl: string | undefined;
  nonce: string | undefined;
}

/**
 * Title, description, OpenGraph and Twitter card tags on every page, from the page's
 * `seo` when it has one, else the site's own words in the page's language; and its JSON-LD.
 */
export function SeoTags({ i18n, seo, siteUrl, nonce }: Props) {
  const { pathname } = useLocation();
  const { locale, rest } = splitLocalePath(pathname);
  const siteName = i18n._('site.name');
  const title = seo ? `${seo.title} · ${siteName}` : `${siteName} · ${i18n._('site.tagline')}`;
  const description = seo?.description ?? i18n._('meta.description');
  const url = siteUrl ? siteUrl + localizePath(rest, locale) : undefined;
  const image = siteUrl ? `${siteUrl}/og-image.png` : undefined;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={seo?.title ?? title} />
      <meta property="og:description" content={description} />
      <meta property="og:type" content={seo?.type ?? 'website'} />
      <meta property="og:locale" content={getLocale(locale).iso.replace('-', '_')} />
      {url ? <meta property="og:url" content={url} /> : null}
      {image ? <meta property="og:image" content={image} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={seo?.title ?? title} />
      <meta name="twitter:description" content={description} />
      {image ? <meta name="twitter:image" content={image} /> : null}
      {(seo?.jsonLd ?? []).map((entry, index) => (
        <script key={index} type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLdText(entry) }} />
      ))}
    </>
  );
}
