import { formatCoinAmount, formatFee } from '@openpool/domain/format';
import { Isolated, Ltr } from '~/shared/ltr';
import { LocaleLink } from '~/shared/locale-link';
import { useT, type MessageId } from '~/i18n/use-t';
import type { PoolRow } from './about-api.server';
import { ScrollTable } from '~/shared/scroll-table';

const SCHEME: Record<string, MessageId> = { pps: 'pool.scheme.pps', prop: 'pool.scheme.prop', solo: 'pool.scheme.solo' };

/** Every pool with its schemes and fees and its payout rule, as the API serves them from config. */
export function CoinTable({ rows }: { rows: PoolRow[] }) {
  const t = useT();
  return (
    <ScrollTable label={t('aboutPool.coinsTitle')} className="mt-3 rounded-lg border border-line">
      <table className="w-full text-sm" data-testid="coin-table">
        <thead className="bg-surface-raised text-start text-ink-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('aboutPool.coin')}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('aboutPool.algorithm')}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('aboutPool.fees')}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t('aboutPool.payouts')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.ticker} className="border-t border-line">
              <th scope="row" className="px-3 py-2 text-start font-medium">
                <LocaleLink to={`/${row.ticker}`} className="text-accent hover:underline">
                  {row.name}
                </LocaleLink>
              </th>
              <td className="px-3 py-2">{row.algorithm}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {row.schemes.map((s, index) => (
                  <span key={s.scheme}>
                    {index > 0 ? ' · ' : null}
                    <Isolated>
                      {SCHEME[s.scheme] ? t(SCHEME[s.scheme]!) : s.scheme} <Ltr>{formatFee(s.fee)}</Ltr>
                    </Isolated>
                  </span>
                ))}
              </td>
              <td className="px-3 py-2">
                {t(row.schedule === 'daily' ? 'aboutPool.daily' : 'aboutPool.hourly', {
                  min: formatCoinAmount(row.minPayout, row.ticker),
                })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
