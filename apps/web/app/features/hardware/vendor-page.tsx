import { sitePaths } from '@openpool/domain/paths';
import type { Device, Manufacturer } from '@openpool/domain/hardware';
import type { DeviceType } from '@openpool/domain/routes';
import { LocaleLink } from '~/shared/locale-link';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { formatHashrate, formatPower, regionName, TYPE_TITLE } from './figures';

export interface VendorPageData {
  vendor: Manufacturer;
  /** Null on `/device/{vendor}`; a type on `/device/{type}/{vendor}`. */
  type: DeviceType | null;
  devices: Pick<Device, 'type' | 'vendor' | 'slug' | 'name' | 'algorithms' | 'release'>[];
}

/** A manufacturer: its country and website, and its devices by type, newest first. */
export function VendorPage({ data }: { data: VendorPageData }) {
  const t = useT();
  const locale = useLocale();
  const { vendor } = data;
  const types = (['asic', 'gpu', 'cpu'] as const).filter((type) => data.devices.some((device) => device.type === type));
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl" data-testid="vendor-name">
        {t('page.device.vendor', { vendor: vendor.name })}
      </h1>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-ink-muted">{t('hw.vendor.country')}</dt>
          <dd data-testid="vendor-country">{regionName(locale.iso, vendor.country)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-ink-muted">{t('hw.vendor.website')}</dt>
          <dd>
            <a href={vendor.website} rel="noopener noreferrer" className="text-accent hover:underline" dir="ltr">
              {new URL(vendor.website).host}
            </a>
          </dd>
        </div>
      </dl>
      {types.map((type) => (
        <section key={type} className="mt-6" aria-labelledby={`vendor-${type}`}>
          <h2 id={`vendor-${type}`} className="text-lg font-semibold">
            <LocaleLink to={`${sitePaths.deviceType(type)}?vendor=${vendor.slug}`} className="hover:underline">
              {t(TYPE_TITLE[type])}
            </LocaleLink>
          </h2>
          <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="vendor-devices">
            {data.devices
              .filter((device) => device.type === type)
              .map((device) => (
                <li key={device.slug} className="rounded-xl border border-line bg-surface-raised p-3">
                  <LocaleLink to={sitePaths.device(device)} dir="auto" className="font-semibold text-accent hover:underline">
                    {device.name}
                  </LocaleLink>
                  <ul className="mt-1 text-xs text-ink-muted">
                    {device.algorithms.map((entry) => (
                      <li key={entry.algorithm}>
                        <Ltr>
                          {entry.algorithm}: {formatHashrate(entry.hashrate)} · {formatPower(entry.power)}
                        </Ltr>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
