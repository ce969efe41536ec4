/** A manufacturer's page (`/device/{vendor}`, `/device/{type}/{vendor}`): its devices, newest first. */
import { splitLocalePath } from '@openpool/domain/locales';
import { appContext } from '~/platform/context';
import { deviceRouteOf, loadVendorPage } from '~/features/hardware/hardware-loader.server';
import { VendorPage } from '~/features/hardware/vendor-page';
import { loadCatalogue } from '~/i18n/catalogues';
import type { Route } from './+types/device-vendor';

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = loadVendorPage(deviceRouteOf(url.pathname, 'vendor'), context.get(appContext));
  const t = await loadCatalogue(splitLocalePath(url.pathname).locale, ['site']);
  const seo = {
    title: t._('page.device.vendor', { vendor: page.vendor.name }),
    description: page.devices
      .slice(0, 12)
      .map((device) => device.name)
      .join(', '),
  };
  return { ...page, seo };
}

export default function DeviceVendorRoute({ loaderData }: Route.ComponentProps) {
  return <VendorPage data={loaderData} />;
}
