/** A device's page (`/device/{type?}/{vendor}/{slug}`): its figures, its profit per coin, its sellers. */
import { getLocale, splitLocalePath } from '@openpool/domain/locales';
import { appContext } from '~/platform/context';
import { DevicePage } from '~/features/hardware/device-page';
import { deviceDescription } from '~/features/hardware/device-description.server';
import { deviceRouteOf, loadDevicePage } from '~/features/hardware/hardware-loader.server';
import { revalidateOnNewPath } from '~/features/hardware/write-query';
import { loadCatalogue } from '~/i18n/catalogues';
import type { Route } from './+types/device';

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = await loadDevicePage(deviceRouteOf(url.pathname, 'device'), context.get(appContext));
  const { locale } = splitLocalePath(url.pathname);
  const t = await loadCatalogue(locale, ['head']);
  const seo = {
    title: `${page.vendor.name} ${page.device.name}`,
    description: deviceDescription(page, t, getLocale(locale).iso),
  };
  return { ...page, seo };
}

export const shouldRevalidate = revalidateOnNewPath;

export default function DeviceRoute({ loaderData }: Route.ComponentProps) {
  return <DevicePage data={loaderData} />;
}
