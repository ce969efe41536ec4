import { explorerLink } from '@openpool/domain/coin-links';
import { formatInteger, truncateMiddle } from '@openpool/domain/format';
import { useT } from '~/i18n/use-t';
import { appContext } from '~/platform/context';
import { BlocksTable } from '~/features/pool/blocks-table';
import { useCoin, useCoinInfo, usePool } from '~/features/pool/coin-context';
import { BLOCK_STATUSES, BLOCKS_PAGE_SIZE, blocksHref, blocksQueryOf } from '~/features/pool/blocks-query';
import { fetchBlocks } from '~/features/pool/pool-api.server';
import { lookup, valueOr } from '~/data/api-lookup.server';
import { LocaleLink } from '~/shared/locale-link';
import { Ltr } from '~/shared/ltr';
import { useSchemeLabel } from '~/shared/scheme-label';
import type { Route } from './+types/blocks';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const query = blocksQueryOf(url);
  const { api } = context.get(appContext);
  const blocks = await lookup(`blocks ${params.coin}`, () => fetchBlocks(api, params.coin, query), { missing: 'unavailable' });
  // Like the charts: the page stands (200) and says the list is unavailable (decision 007).
  return { query, blocks: valueOr(blocks, null) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const coin = useCoin();
  const pool = usePool();
  const info = useCoinInfo();
  const schemeLabel = useSchemeLabel();
  const { query, blocks } = loaderData;
  const pages = blocks ? Math.max(1, Math.ceil(blocks.total / BLOCKS_PAGE_SIZE)) : 1;
  const title = t('page.coin.blocks', { name: coin.name });
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1 text-sm ${active ? 'border-accent bg-accent font-semibold text-accent-ink' : 'border-line hover:border-accent'}`;
  const schemes = pool.stats?.schemes ?? ['pps', 'prop', 'solo'];
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4">
      <h1 className="mb-2 text-xl font-bold tracking-tight sm:text-2xl">{title}</h1>
      {query.finder ? (
        <p className="mb-3 text-sm" data-testid="blocks-finder">
          {t('pool.blocksPage.finder')} <Ltr className="font-mono">{truncateMiddle(query.finder)}</Ltr>{' '}
          <LocaleLink to={blocksHref(coin.ticker, { ...query, finder: null, page: 1 })} className="text-accent hover:underline">
            {t('pool.blocksPage.allFinders')}
          </LocaleLink>
        </p>
      ) : null}
      <nav aria-label={t('pool.blocksPage.filters')} className="mb-4 flex flex-col gap-2" data-testid="blocks-filters">
        <ul className="flex flex-wrap items-center gap-2">
          <li className="text-sm text-ink-muted">{t('pool.blocks.status')}</li>
          {[null, ...BLOCK_STATUSES].map((status) => (
            <li key={status ?? 'all'}>
              <LocaleLink
                to={blocksHref(coin.ticker, { ...query, status, page: 1 })}
                className={chip(query.status === status)}
                aria-current={query.status === status ? 'true' : undefined}
              >
                {status === null ? t('pool.blocksPage.all') : t(`pool.blocksPage.status.${status}`)}
              </LocaleLink>
            </li>
          ))}
        </ul>
        {schemes.length > 1 ? (
          <ul className="flex flex-wrap items-center gap-2">
            <li className="text-sm text-ink-muted">{t('pool.blocksPage.scheme')}</li>
            {[null, ...schemes].map((scheme) => (
              <li key={scheme ?? 'all'}>
                <LocaleLink
                  to={blocksHref(coin.ticker, { ...query, scheme, page: 1 })}
                  className={chip(query.scheme === scheme)}
                  aria-current={query.scheme === scheme ? 'true' : undefined}
                >
                  {scheme === null ? t('pool.blocksPage.all') : <bdi>{schemeLabel(scheme)}</bdi>}
                </LocaleLink>
              </li>
            ))}
          </ul>
        ) : null}
      </nav>
      {blocks === null ? (
        <p className="text-ink-muted">{t('pool.blocksPage.unavailable')}</p>
      ) : blocks.total === 0 ? (
        <p className="text-ink-muted" data-testid="blocks-none">
          {t('pool.blocks.none')}
        </p>
      ) : (
        <>
          <BlocksTable
            blocks={blocks.results}
            ticker={coin.ticker}
            now={pool.stats?.updated_at ?? blocks.results[0]?.date ?? 0}
            explorerUrl={(hash) => (info ? explorerLink(info, 'block', hash) : null)}
            label={title}
          />
          <nav
            aria-label={t('pool.blocksPage.pages')}
            className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
            data-testid="blocks-paging"
          >
            {query.page > 1 ? (
              <LocaleLink
                to={blocksHref(coin.ticker, { ...query, page: query.page - 1 })}
                rel="prev"
                className="text-accent hover:underline"
              >
                {t('pool.blocksPage.newer')}
              </LocaleLink>
            ) : (
              <span />
            )}
            <span className="text-ink-muted" data-testid="blocks-page-of">
              {t('pool.blocksPage.pageOf', { page: formatInteger(query.page), pages: formatInteger(pages), total: blocks.total })}
            </span>
            {query.page < pages ? (
              <LocaleLink
                to={blocksHref(coin.ticker, { ...query, page: query.page + 1 })}
                rel="next"
                className="text-accent hover:underline"
              >
                {t('pool.blocksPage.older')}
              </LocaleLink>
            ) : (
              <span />
            )}
          </nav>
        </>
      )}
    </section>
  );
}
