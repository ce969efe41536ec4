/** A device's specifications: the type's own specs, release, launch price and where they come from. */
import { sitePaths } from '@openpool/domain/paths';
import type { Device, Manufacturer, SpecSourceField } from '@openpool/domain/hardware';
import { dateTimeFormat, numberFormat } from '@openpool/domain/intl';
import { LocaleLink } from '~/shared/locale-link';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { formatPower } from './figures';

/** The parts a source published, joined; a dash when it published none (decision 010: never estimated). */
function known(parts: readonly (string | null)[], separator: string): string {
  const present = parts.filter((part): part is string => part !== null);
  return present.length === 0 ? '–' : present.join(separator);
}

/** The label of each specification a `spec_sources` entry can name (memory size and type are one row). */
const FIELD_LABEL = {
  release: 'hw.spec.release',
  price_usd: 'hw.spec.price',
  memory_gb: 'hw.spec.memory',
  memory_type: 'hw.spec.memory',
} as const satisfies Record<SpecSourceField, string>;

function Spec({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

export function DeviceSpecs({
  device,
  vendor,
  money,
}: {
  device: Device;
  vendor: Manufacturer;
  money: { perUsd: number; format: (amount: number) => string };
}) {
  const t = useT();
  const locale = useLocale();
  const month = dateTimeFormat(locale.iso, { year: 'numeric', month: 'long', timeZone: 'UTC' });
  const day = dateTimeFormat(locale.iso, { dateStyle: 'medium', timeZone: 'UTC' });
  const integer = numberFormat(locale.iso, { maximumFractionDigits: 2 });
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4 lg:self-start" aria-labelledby="specs-title">
      <h2 id="specs-title" className="text-lg font-semibold">
        {t('hw.specs')}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <Spec label={t('hw.spec.manufacturer')}>
          <LocaleLink to={sitePaths.deviceVendor(vendor.slug)} className="text-accent hover:underline">
            {vendor.name}
          </LocaleLink>
        </Spec>
        {device.type === 'asic' ? (
          <Spec label={t('hw.spec.noise')}>{device.noise_db === null ? '–' : <Ltr>{`${device.noise_db} dB`}</Ltr>}</Spec>
        ) : null}
        {device.type === 'gpu' ? (
          <>
            <Spec label={t('hw.spec.memory')}>
              <Ltr>{known([device.memory_gb === null ? null : `${device.memory_gb} GB`, device.memory_type], ' ')}</Ltr>
            </Spec>
            <Spec label={t('hw.spec.clocks')}>
              <Ltr>
                {device.base_clock_mhz === null && device.boost_clock_mhz === null
                  ? '–'
                  : `${device.base_clock_mhz ?? '–'} / ${device.boost_clock_mhz ?? '–'} MHz`}
              </Ltr>
            </Spec>
          </>
        ) : null}
        {device.type === 'cpu' ? (
          <>
            <Spec label={t('hw.spec.cores')}>{device.cores}</Spec>
            <Spec label={t('hw.spec.threads')}>{device.threads}</Spec>
            <Spec label={t('hw.spec.cache')}>
              <Ltr>{`${integer.format(device.cache_mb)} MB L3`}</Ltr>
            </Spec>
            <Spec label={t('hw.spec.clocks')}>
              <Ltr>{`${device.base_clock_ghz} / ${device.boost_clock_ghz} GHz`}</Ltr>
            </Spec>
            <Spec label={t('hw.spec.socket')}>{device.socket}</Spec>
            <Spec label={t('hw.spec.tdp')}>
              <Ltr>{formatPower(device.tdp_w)}</Ltr>
            </Spec>
          </>
        ) : null}
        <Spec label={t('hw.spec.release')}>{month.format(new Date(`${device.release}-01T00:00:00Z`))}</Spec>
        <Spec label={t('hw.spec.price')}>
          {device.price_usd === null ? '–' : <Ltr>{money.format(device.price_usd * money.perUsd)}</Ltr>}
        </Spec>
      </dl>
      <p className="mt-4 text-xs text-ink-muted" data-testid="device-source">
        {t('hw.specSource', { date: day.format(new Date(`${device.as_of}T00:00:00Z`)) })}{' '}
        {/* A link inside a sentence is underlined: its colour alone is too close to the text's (axe link-in-text-block). */}
        <a href={device.source} rel="noopener noreferrer" className="text-accent underline underline-offset-2" dir="ltr">
          {new URL(device.source).host}
        </a>
      </p>
      {(device.spec_sources ?? []).map((cited) => (
        <p key={cited.source} className="mt-1 text-xs text-ink-muted" data-testid="device-spec-source">
          {t('hw.specFieldsSource', {
            fields: [...new Set(cited.fields.map((field) => t(FIELD_LABEL[field])))].join(', '),
            date: day.format(new Date(`${cited.as_of}T00:00:00Z`)),
          })}{' '}
          <a href={cited.source} rel="noopener noreferrer" className="text-accent underline underline-offset-2" dir="ltr">
            {new URL(cited.source).host}
          </a>
        </p>
      ))}
    </section>
  );
}
