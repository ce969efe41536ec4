/**
 * A type's device list (`/device/asic`, `/gpu`, `/cpu`). The type is a static segment of the
 * path (routes.ts), so the list, the manufacturer and the device pages are route modules of
 * their own and a first visit downloads only its kind's code.
 */
import { redirect } from 'react-router';
import { splitLocalePath } from '@openpool/domain/locales';
import { appContext } from '~/platform/context';
import { cleanListQuery } from '~/features/hardware/catalogue';
import { DeviceList } from '~/features/hardware/device-list';
import { TYPE_TITLE } from '~/features/hardware/figures';
import { deviceRouteOf, loadDeviceList } from '~/features/hardware/hardware-loader.server';
import { revalidateOnNewPath } from '~/features/hardware/write-query';
import { loadCatalogue } from '~/i18n/catalogues';
import type { Route } from './+types/device-list';

export async function loader({ url, context }: Route.LoaderArgs) {
  const route = deviceRouteOf(url.pathname, 'type');
  // A list's query without empty or default values (the GET form without JavaScript sends them all).
  const clean = cleanListQuery(url.searchParams);
  if (clean !== null) throw redirect(`${url.pathname}${clean ? `?${clean}` : ''}`);
  const page = await loadDeviceList(route, context.get(appContext));
  const t = await loadCatalogue(splitLocalePath(url.pathname).locale, ['site']);
  return { ...page, seo: { title: t._(TYPE_TITLE[page.type]), description: t._(`hw.lead.${page.type}`) } };
}

export const shouldRevalidate = revalidateOnNewPath;

export default function DeviceListRoute({ loaderData }: Route.ComponentProps) {
  return <DeviceList data={loaderData} />;
}
