/**
 * A device's hashrate and power per algorithm, each figure with its own source and the day it
 * was taken (content/hardware/README.md): one card's figures can come from several publishers.
 */
import type { Device } from '@openpool/domain/hardware';
import { dateTimeFormat } from '@openpool/domain/intl';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { ScrollTable } from '~/shared/scroll-table';
import { formatEfficiency, formatHashrate, formatPower, sourceHost } from './figures';

export function DeviceFigures({ device }: { device: Device }) {
  const t = useT();
  const locale = useLocale();
  const day = dateTimeFormat(locale.iso, { dateStyle: 'medium', timeZone: 'UTC' });
  const th = 'py-2 pe-3 font-medium';
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4" aria-labelledby="figures-title">
      <h2 id="figures-title" className="text-lg font-semibold">
        {t('hw.figures')}
      </h2>
      <ScrollTable label={t('hw.figures')} className="card-table mt-2">
        <table className="w-full text-sm tabular-nums" data-testid="device-figures">
          <thead>
            <tr className="text-xs text-ink-muted">
              <th scope="col" className={`${th} text-start`}>
                {t('hw.filters.algorithm')}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {t('hw.col.hashrate')}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {t('hw.col.power')}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {t('hw.col.efficiency')}
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {t('hw.col.source')}
              </th>
            </tr>
          </thead>
          <tbody>
            {device.algorithms.map((entry) => (
              <tr key={entry.algorithm} className="border-t border-line align-top" data-testid={`spec-${entry.algorithm}`}>
                <th scope="row" className="py-2 pe-3 text-start font-medium">
                  {entry.algorithm}
                </th>
                <td className="py-2 pe-3 text-end" data-label={t('hw.col.hashrate')}>
                  <Ltr>{formatHashrate(entry.hashrate)}</Ltr>
                </td>
                <td className="py-2 pe-3 text-end" data-label={t('hw.col.power')}>
                  <Ltr>{formatPower(entry.power)}</Ltr>
                </td>
                {/* On a phone too (a card per algorithm): the efficiency is what a buyer compares. */}
                <td className="py-2 pe-3 text-end" data-label={t('hw.col.efficiency')}>
                  <Ltr>{formatEfficiency(entry.power, entry.hashrate)}</Ltr>
                </td>
                <td className="py-2 text-xs text-ink-muted" data-testid="figure-source" data-label={t('hw.col.source')}>
                  <span>
                    <a
                      href={entry.source}
                      rel="noopener noreferrer"
                      className="text-accent underline underline-offset-2"
                      dir="ltr"
                    >
                      {sourceHost(entry.source)}
                    </a>{' '}
                    <span className="whitespace-nowrap">{day.format(new Date(`${entry.as_of}T00:00:00Z`))}</span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  );
}
