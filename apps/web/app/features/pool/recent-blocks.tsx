import type { PoolStats } from '@openpool/domain/api';
import { formatCoinAmount, formatInteger, formatPercentOf } from '@openpool/domain/format';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { Isolated, Ltr } from '~/shared/ltr';
import { formatDateTime, relativeTime } from '~/shared/relative-time';
import { ScrollTable } from '~/shared/scroll-table';

type Block = PoolStats['last_blocks_found'][number];

/** Recent blocks: height, time, reward, effort, status with confirmations, explorer link. */
export function RecentBlocks({
  blocks,
  ticker,
  now,
  explorerUrl,
}: {
  blocks: readonly Block[];
  ticker: string;
  now: number;
  explorerUrl?: (hash: string) => string | null;
}) {
  const t = useT();
  const locale = useLocale();
  if (blocks.length === 0) return <p className="text-sm text-ink-muted">{t('pool.blocks.none')}</p>;
  return (
    // Cards on a phone: as a table, Effort and Status left the screen and the reward was cut.
    <ScrollTable label={t('pool.blocks.title')} className="card-table">
      <table className="w-full text-sm tabular-nums sm:min-w-max" data-testid="recent-blocks">
        <thead>
          <tr className="text-xs text-ink-muted">
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('pool.blocks.height')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('pool.blocks.time')}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              {t('pool.blocks.reward')}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              {t('pool.blocks.effort')}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t('pool.blocks.status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {blocks.map((block) => {
            const link = explorerUrl?.(block.hash) ?? null;
            return (
              <tr key={block.hash} className="border-t border-line">
                <td className="py-2 pe-3">
                  {link ? (
                    <a
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-accent hover:underline"
                      aria-label={t('pool.blocks.explorer', { height: block.height })}
                    >
                      <Ltr>{formatInteger(block.height)}</Ltr>
                    </a>
                  ) : (
                    <Ltr>{formatInteger(block.height)}</Ltr>
                  )}
                </td>
                <td className="py-2 pe-3" data-label={t('pool.blocks.time')}>
                  <time dateTime={new Date(block.date * 1000).toISOString()} title={formatDateTime(block.date, locale.iso)}>
                    <Isolated>{relativeTime(block.date, now, locale.iso)}</Isolated>
                  </time>
                </td>
                <td className="py-2 pe-3 text-end" data-label={t('pool.blocks.reward')}>
                  <Ltr>{formatCoinAmount(block.reward, ticker)}</Ltr>
                </td>
                <td
                  data-label={t('pool.blocks.effort')}
                  className={`py-2 pe-3 text-end ${block.effort !== null && block.effort > 1 ? 'text-amber-700 dark:text-amber-300' : ''}`}
                >
                  <Ltr>{formatPercentOf('effort', block.effort)}</Ltr>
                </td>
                <td className="py-2" data-label={t('pool.blocks.status')}>
                  <BlockStatus block={block} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function BlockStatus({ block }: { block: Block }) {
  const t = useT();
  if (block.status === 'confirmed')
    return <span className="text-emerald-700 dark:text-emerald-300">{t('pool.blocks.confirmed')}</span>;
  if (block.status === 'orphaned') return <span className="text-red-700 dark:text-red-300">{t('pool.blocks.orphaned')}</span>;
  return (
    <span className="text-ink-muted" data-testid="block-pending">
      {t('pool.blocksPage.pending')}{' '}
      {/* The pair reads as in English in every language, '10/100' never '100/10' (decision 027). */}
      <Ltr>{`${formatInteger(block.confirmations)}/${formatInteger(block.required_confirmations)}`}</Ltr>
    </span>
  );
}
