import type { blocksPageSchema } from '@openpool/domain/api';
import { formatCoinAmount, formatInteger, formatPercentOf } from '@openpool/domain/format';
import type { z } from 'zod';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { Isolated, Ltr } from '~/shared/ltr';
import { formatDateTime, relativeTime } from '~/shared/relative-time';
import { useSchemeLabel } from '~/shared/scheme-label';
import { ScrollTable } from '~/shared/scroll-table';

type Block = z.infer<typeof blocksPageSchema>['results'][number];

/**
 * Every block of the blocks page (decision 027): height, chain (a merge-mined block names its
 * chain and its parent pool), time, reward, effort, confirmations as the chain counts them,
 * status and scheme. A wide table: on a phone it scrolls in its box with its height held.
 * An effort the pool cannot know (its records begin inside the block's round, or hold no
 * difficulty of its chain from before it) says so in words, in the cell and under the table,
 * rather than a bare dash (decision 024, addendum of 2026-11-28).
 */
export function BlocksTable({
  blocks,
  ticker,
  now,
  explorerUrl,
  label,
}: {
  blocks: readonly Block[];
  ticker: string;
  now: number;
  explorerUrl: (hash: string) => string | null;
  label: string;
}) {
  const t = useT();
  const locale = useLocale();
  const schemeLabel = useSchemeLabel();
  const head = 'py-2 pe-3 font-medium';
  const effortUnknown = t('pool.blocks.effortUnknown');
  return (
    <>
      <ScrollTable label={label} className="card-table">
        <table className="w-full text-sm tabular-nums sm:[&_td]:whitespace-nowrap" data-testid="blocks-table">
          <thead>
            <tr className="text-xs text-ink-muted">
              <th scope="col" className={`${head} text-start`}>
                {t('pool.blocks.height')}
              </th>
              <th scope="col" className={`${head} text-start`}>
                {t('pool.blocksPage.chain')}
              </th>
              <th scope="col" className={`${head} text-start`}>
                {t('pool.blocks.time')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('pool.blocks.reward')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('pool.blocks.effort')}
              </th>
              <th scope="col" className={`${head} text-end`}>
                {t('pool.blocksPage.confirmations')}
              </th>
              <th scope="col" className={`${head} text-start`}>
                {t('pool.blocks.status')}
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {t('pool.blocksPage.scheme')}
              </th>
            </tr>
          </thead>
          <tbody>
            {blocks.map((block) => {
              const merged = block.merged_from !== null;
              const link = merged ? null : explorerUrl(block.hash);
              const height = <Ltr>{formatInteger(block.height)}</Ltr>;
              return (
                <tr
                  key={`${block.coin}:${block.hash}`}
                  className="border-t border-line"
                  data-testid="block-row"
                  data-hash={block.hash}
                >
                  <td className="py-2 pe-3">
                    {link ? (
                      <a
                        href={link}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-accent hover:underline"
                        aria-label={t('pool.blocks.explorer', { height: block.height })}
                      >
                        {height}
                      </a>
                    ) : (
                      height
                    )}
                  </td>
                  <td className="py-2 pe-3" data-testid="block-chain" data-label={t('pool.blocksPage.chain')}>
                    <span>
                      <span className="font-semibold">{block.coin.toUpperCase()}</span>
                      {merged ? (
                        <span className="ms-1 text-xs text-ink-muted">
                          {t('pool.blocksPage.mergedWith', { parent: (block.merged_from ?? '').toUpperCase() })}
                        </span>
                      ) : null}
                    </span>
                  </td>
                  <td className="py-2 pe-3" data-label={t('pool.blocks.time')}>
                    <time dateTime={new Date(block.date * 1000).toISOString()} title={formatDateTime(block.date, locale.iso)}>
                      <Isolated>{relativeTime(block.date, now, locale.iso)}</Isolated>
                    </time>
                  </td>
                  <td className="py-2 pe-3 text-end" data-label={t('pool.blocks.reward')}>
                    <Ltr>{formatCoinAmount(block.reward, merged ? block.coin : ticker)}</Ltr>
                  </td>
                  <td className="py-2 pe-3 text-end" data-label={t('pool.blocks.effort')} data-testid="block-effort">
                    {block.effort === null ? (
                      <span title={effortUnknown} data-testid="block-effort-unknown">
                        <span aria-hidden="true">—*</span>
                        <span className="sr-only">{effortUnknown}</span>
                      </span>
                    ) : (
                      // One decimal on every row, so the column reads alike: '177.0%' over '121.1%' (decision 024).
                      <Ltr>{formatPercentOf('effort', block.effort)}</Ltr>
                    )}
                  </td>
                  <td
                    className="py-2 pe-3 text-end"
                    data-testid="block-confirmations"
                    data-label={t('pool.blocksPage.confirmations')}
                  >
                    {/* A pair read as in English in every language: '37 / 100' (decision 027). */}
                    <Ltr>{`${formatInteger(block.confirmations)} / ${formatInteger(block.required_confirmations)}`}</Ltr>
                  </td>
                  <td className="py-2 pe-3" data-testid="block-status" data-label={t('pool.blocks.status')}>
                    {block.status === 'confirmed' ? (
                      <span className="text-emerald-700 dark:text-emerald-300">{t('pool.blocks.confirmed')}</span>
                    ) : block.status === 'orphaned' ? (
                      <span className="text-red-700 dark:text-red-300">{t('pool.blocks.orphaned')}</span>
                    ) : (
                      <span className="text-ink-muted">{t('pool.blocksPage.pending')}</span>
                    )}
                  </td>
                  <td className="py-2" data-label={t('pool.blocksPage.scheme')}>
                    <bdi>{schemeLabel(block.scheme)}</bdi>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollTable>
      {blocks.some((block) => block.effort === null) ? (
        // The cells' own words are for screen readers and a pointer's hover; this is for every reader.
        <p className="mt-2 text-xs text-ink-muted" data-testid="blocks-effort-note" aria-hidden="true">
          {`—* ${effortUnknown}`}
        </p>
      ) : null}
    </>
  );
}
