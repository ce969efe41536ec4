import { parseDeviceRoute } from '@openpool/domain/routes';
import { useT } from '~/features/i18n/use-t';
import { PendingPage } from '~/features/layout/pending-page';
import { pageNotFound } from '~/shared/http-errors';
import type { Route } from './+types/device';

export function loader({ params }: Route.LoaderArgs) {
  const segments = [params.first, params.second, params.third].filter((part): part is string => part !== undefined);
  return parseDeviceRoute(segments) ?? pageNotFound();
}

export default function Device({ loaderData: device }: Route.ComponentProps) {
  const t = useT();
  const title =
    device.kind === 'type'
      ? t(device.type === 'asic' ? 'page.device.asic' : device.type === 'cpu' ? 'page.device.cpu' : 'page.device.gpu')
      : device.kind === 'vendor'
        ? t('page.device.vendor', { vendor: device.vendor })
        : t('page.device.device', { vendor: device.vendor, slug: device.slug });
  return <PendingPage title={title} />;
}
