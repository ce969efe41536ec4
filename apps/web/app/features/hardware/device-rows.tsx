/**
 * A device list's rows: one table, shown as a table on a desktop and as a card per device on a
 * phone (`.device-list` in app.css; each figure's cell carries its column's name for the card).
 * One markup instead of a table and a list of cards: a list of 200 GPUs was 90 KB of HTML
 * twice over (issue 16). Each row is memoised: the list keeps a row object while its device
 * and figures stay the same, so a filter re-renders only the rows whose figures changed.
 */
import { formatMoney } from '@openpool/domain/format';
import type { Device } from '@openpool/domain/hardware';
import { memo } from 'react';
import { LocaleLink } from '~/features/i18n/locale-link';
import { useT } from '~/features/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import type { ListedDevice } from './rank-devices';
import { formatEfficiency, formatHashrate, formatPower } from './figures';

export function deviceHref(device: Pick<Device, 'type' | 'vendor' | 'slug'>): string {
  return `/device/${device.type}/${device.vendor}/${device.slug}`;
}

interface RowsProps {
  rows: ListedDevice[];
  vendorName: ReadonlyMap<string, string>;
  currency: string;
  perUsd: number;
}

function Profit({ value, format }: { value: number | null | undefined; format: (amount: number) => string }) {
  if (value === null || value === undefined) return <span className="text-ink-muted">–</span>;
  return (
    <Ltr>
      <span className={value < 0 ? 'text-red-700 dark:text-red-300' : ''}>{format(value)}</span>
    </Ltr>
  );
}

function Payback({ days, priced }: { days: number | null | undefined; priced: boolean }) {
  const t = useT();
  if (!priced) return <span className="text-ink-muted">–</span>;
  if (days === null || days === undefined) return <span className="text-ink-muted">{t('hw.never')}</span>;
  return <>{t('hw.paybackDays', { n: Math.ceil(days) })}</>;
}

export function DeviceTable({ rows, vendorName, currency, perUsd }: RowsProps) {
  const t = useT();
  const th = 'py-2 pe-3 font-medium';
  return (
    <div className="device-list mt-3 md:overflow-x-auto md:rounded-xl md:border md:border-line md:bg-surface-raised">
      <table className="w-full text-sm tabular-nums" data-testid="device-table">
        <thead>
          <tr className="text-xs text-ink-muted">
            <th scope="col" className={`${th} ps-4 text-start`}>
              {t('hw.col.device')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.hashrate')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.power')}
            </th>
            <th scope="col" className={`${th} hidden text-end lg:table-cell`}>
              {t('hw.col.efficiency')}
            </th>
            <th scope="col" className={`${th} text-start`}>
              {t('hw.col.bestCoin')}
            </th>
            <th scope="col" className={`${th} hidden text-end xl:table-cell`}>
              {t('hw.col.revenue')}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {t('hw.col.profit')}
            </th>
            <th scope="col" className={`${th} hidden text-end lg:table-cell`}>
              {t('hw.col.price')}
            </th>
            <th scope="col" className={`${th} pe-4 text-end`}>
              {t('hw.col.payback')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <TableRow
              key={row.device.slug + row.device.vendor}
              row={row}
              vendor={vendorName.get(row.device.vendor) ?? row.device.vendor}
              currency={currency}
              perUsd={perUsd}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface RowProps {
  row: ListedDevice;
  vendor: string;
  currency: string;
  perUsd: number;
}

/** Memoised: a filter that keeps a device keeps its row object (the list's row cache), so React skips it. */
const TableRow = memo(function TableRow({ row, vendor, currency, perUsd }: RowProps) {
  const t = useT();
  const { device, best, figure, priceUsd } = row;
  const format = (amount: number) => formatMoney(amount, currency);
  return (
    <tr className="border-t border-line" data-testid="device-row">
      <td className="py-2 ps-4 pe-3">
        <LocaleLink to={deviceHref(device)} className="font-medium text-accent hover:underline">
          {device.name}
        </LocaleLink>
        <div className="text-xs text-ink-muted">
          {vendor} · {figure.algorithm}
        </div>
      </td>
      <td className="py-2 pe-3 text-end" data-label={t('hw.col.hashrate')}>
        <Ltr>{formatHashrate(figure.hashrate)}</Ltr>
      </td>
      <td className="py-2 pe-3 text-end" data-label={t('hw.col.power')}>
        <Ltr>{formatPower(figure.power)}</Ltr>
      </td>
      <td className="hidden py-2 pe-3 text-end lg:table-cell">
        <Ltr>{formatEfficiency(figure.power, figure.hashrate)}</Ltr>
      </td>
      <td className="py-2 pe-3" data-label={t('hw.col.bestCoin')}>
        <span>{best ? best.coin.ticker.toUpperCase() : '–'}</span>
      </td>
      <td className="hidden py-2 pe-3 text-end xl:table-cell">
        <Profit value={best?.revenue} format={format} />
      </td>
      <td className="py-2 pe-3 text-end font-semibold" data-testid="device-profit" data-label={t('hw.col.profit')}>
        <Profit value={best?.profit} format={format} />
      </td>
      <td className="hidden py-2 pe-3 text-end lg:table-cell">
        {priceUsd === null ? '–' : <Ltr>{format(priceUsd * perUsd)}</Ltr>}
      </td>
      <td className="py-2 pe-4 text-end" data-label={t('hw.col.payback')}>
        <span>
          <Payback days={best?.paybackDays} priced={priceUsd !== null && best?.revenue != null} />
        </span>
      </td>
    </tr>
  );
});
