/** A device's page (`/device/{type?}/{vendor}/{slug}`): its figures, its profit per coin, its sellers. */
import { splitLocalePath } from '@openpool/domain/locales';
import { appContext } from '~/platform/context';
import { DevicePage } from '~/features/hardware/device-page';
import { formatHashrate, formatPower } from '~/features/hardware/figures';
import { deviceRouteOf, loadDevicePage } from '~/features/hardware/hardware-loader.server';
import { revalidateOnNewPath } from '~/features/hardware/write-query';
import { loadCatalogue } from '~/i18n/catalogues';
import type { Route } from './+types/device';

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = await loadDevicePage(deviceRouteOf(url.pathname, 'device'), context.get(appContext));
  const t = await loadCatalogue(splitLocalePath(url.pathname).locale, ['site']);
  // Titled and described by the device's own figures.
  const figures = page.device.algorithms
    .map((entry) => `${entry.algorithm} ${formatHashrate(entry.hashrate)} ${formatPower(entry.power)}`)
    .join(' · ');
  const seo = {
    title: `${page.vendor.name} ${page.device.name}`,
    description: `${figures}. ${t._(`hw.lead.${page.device.type}`)}`,
  };
  return { ...page, seo };
}

export const shouldRevalidate = revalidateOnNewPath;

export default function DeviceRoute({ loaderData }: Route.ComponentProps) {
  return <DevicePage data={loaderData} />;
}
