/**
 * One device's page: specifications, profitability per coin at the visitor's power cost and
 * price, the calculator and the sellers. Each section is a module of its own; this one reads
 * the visitor's settings (the URL, this browser's memory) and hands every section the same figures.
 */
import { sitePaths } from '@openpool/domain/paths';
import { deviceKey } from '@openpool/domain/hardware-keys';
import { parsePowerPriceParam, powerPriceParam } from '@openpool/domain/power-cost';
import { dateTimeFormat } from '@openpool/domain/intl';
import { useSearchParams } from 'react-router';
import { LocaleLink } from '~/shared/locale-link';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { DeviceFigures } from './device-figures';
import { DeviceProfit, DeviceProfitTable } from './device-profit';
import { DeviceSpecs } from './device-specs';
import { DeviceCalculator, DeviceSellers } from './device-islands';
import { TYPE_TITLE } from './figures';
import type { DevicePageData } from './device-page-data';
import { marketProfits } from './profit';
import { typedPriceUsd } from './typed-price';
import { useMoney } from './use-money';
import { usePowerCost } from './use-power-cost';
import { useTypedPrice } from './use-typed-price';
import { withParam, writeQuery } from './write-query';

export function DevicePage({ data }: { data: DevicePageData }) {
  const t = useT();
  const locale = useLocale();
  const money = useMoney(data.market);
  const [searchParams] = useSearchParams();
  const power = usePowerCost(
    parsePowerPriceParam(searchParams.get('power_cost'), data.market.fiat),
    money.code,
    data.market.fiat,
  );
  const powerCost = power.value;
  const { device, vendor } = data;
  const [typed, setTyped] = useTypedPrice(deviceKey(device));
  const typedUsd = typedPriceUsd(typed, data.market.fiat);
  const priceUsd = typedUsd ?? data.priceUsd;
  const profits = marketProfits(device.algorithms, data.market, { powerCost, perUsd: money.perUsd, devicePriceUsd: priceUsd });
  const time = dateTimeFormat(locale.iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const calculatorCoin = profits[0]?.coin ?? null;
  const calculatorFigure = device.algorithms.find((entry) => entry.algorithm === calculatorCoin?.algorithm);
  // The address stays a link to what is shown: a power cost other than the default goes into it.
  const setPowerCost = (text: string) => {
    const price = power.set(text);
    if (price !== null) writeQuery(withParam('power_cost', powerPriceParam(price)));
  };

  return (
    <article>
      <nav className="text-sm text-ink-muted" aria-label={t('nav.hardware')}>
        <LocaleLink to={sitePaths.deviceType(device.type)} className="text-accent hover:underline">
          {t(TYPE_TITLE[device.type])}
        </LocaleLink>
        {' / '}
        <LocaleLink to={sitePaths.deviceVendor(vendor.slug, device.type)} className="text-accent hover:underline">
          {vendor.name}
        </LocaleLink>
      </nav>
      <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl" data-testid="device-name">
        {/* Isolated: 'Antminer S21 (Pro)' keeps its parentheses in a right-to-left page. */}
        <bdi>{device.name}</bdi>
      </h1>
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <DeviceSpecs device={device} vendor={vendor} money={money} />
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6">
          <DeviceProfit
            data={data}
            profits={profits}
            money={money}
            powerCost={{ value: powerCost, fiat: data.market.fiat, onChange: setPowerCost }}
            price={{
              basis: typedUsd !== null ? 'typed' : data.priceBasis,
              typed: typedUsd === null ? null : typedUsd * money.perUsd,
              known: data.priceUsd === null ? null : data.priceUsd * money.perUsd,
              onChange: (amount) => setTyped(amount === null ? null : { amount, currency: money.code }),
            }}
          />
          <DeviceFigures device={device} />
        </div>
      </div>
      <DeviceProfitTable
        data={data}
        profits={profits}
        money={money}
        powerCost={powerCost}
        priced={priceUsd !== null}
        time={time}
      />

      {calculatorCoin && calculatorFigure ? (
        <DeviceCalculator data={data} powerCost={powerCost} currency={money.code} perUsd={money.perUsd} />
      ) : null}

      <DeviceSellers offers={data.offers} currency={money.code} perUsd={money.perUsd} />
    </article>
  );
}
