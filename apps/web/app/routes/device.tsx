import { parseDeviceRoute } from '@openpool/domain/routes';
import { appContext } from '~/context';
import { DeviceList } from '~/features/hardware/device-list';
import { DevicePage } from '~/features/hardware/device-page';
import { loadHardwarePage } from '~/features/hardware/hardware-loader.server';
import { VendorPage } from '~/features/hardware/vendor-page';
import { pageNotFound } from '~/shared/http-errors';
import type { Route } from './+types/device';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const segments = [params.first, params.second, params.third].filter((part): part is string => part !== undefined);
  const route = parseDeviceRoute(segments) ?? pageNotFound();
  return loadHardwarePage(route, new URL(request.url), context.get(appContext));
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
