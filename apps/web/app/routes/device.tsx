import { redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import { splitLocalePath } from '@openpool/domain/locales';
import { parseDeviceRoute } from '@openpool/domain/routes';
import { appContext } from '~/platform/context';
import { cleanListQuery } from '~/features/hardware/catalogue';
import { DeviceList, TYPE_TITLE } from '~/features/hardware/device-list';
import { DevicePage } from '~/features/hardware/device-page';
import { formatHashrate, formatPower } from '~/features/hardware/figures';
import { loadHardwarePage, type HardwarePage } from '~/features/hardware/hardware-loader.server';
import { VendorPage } from '~/features/hardware/vendor-page';
import { loadCatalogue } from '~/i18n/catalogues';
import type { MessageId, MessageValues } from '~/i18n/use-t';
import { pageNotFound } from '~/platform/http-errors';
import type { PageSeo } from '~/shared/page-seo';
import type { Route } from './+types/device';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const segments = [params.first, params.second, params.third].filter((part): part is string => part !== undefined);
  const route = parseDeviceRoute(segments) ?? pageNotFound();
  // A list's query without empty or default values (the GET form without JavaScript sends them all).
  const clean = route.kind === 'type' ? cleanListQuery(url.searchParams) : null;
  if (clean !== null) throw redirect(`${url.pathname}${clean ? `?${clean}` : ''}`);
  const page = await loadHardwarePage(route, context.get(appContext));
  const t = await loadCatalogue(splitLocalePath(url.pathname).locale, ['site']);
  return { ...page, seo: seoOf(page, (id, values) => t._(id, values)) };
}

/** Title and description for search engines: the page's own words, the device's own figures. */
function seoOf(page: HardwarePage, t: (id: MessageId, values?: MessageValues) => string): PageSeo {
  if (page.kind === 'type') return { title: t(TYPE_TITLE[page.type]), description: t(`hw.lead.${page.type}`) };
  if (page.kind === 'vendor') {
    return {
      title: t('page.device.vendor', { vendor: page.vendor.name }),
      description: page.devices
        .slice(0, 12)
        .map((device) => device.name)
        .join(', '),
    };
  }
  const figures = page.device.algorithms
    .map((entry) => `${entry.algorithm} ${formatHashrate(entry.hashrate)} ${formatPower(entry.power)}`)
    .join(' · ');
  return { title: `${page.vendor.name} ${page.device.name}`, description: `${figures}. ${t(`hw.lead.${page.device.type}`)}` };
}

/**
 * The query of these pages (filters, power cost) is read by the page itself, never by the
 * loader: a new query on the same path re-renders without a round trip, which keeps applying a
 * filter within a frame on a slow phone (bench/hardware.mjs).
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function Device({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case 'type':
      return <DeviceList data={loaderData} />;
    case 'vendor':
      return <VendorPage data={loaderData} />;
    case 'device':
      return <DevicePage data={loaderData} />;
  }
}
