import type { PoolStats } from '@openpool/domain/api';
import { useT, type MessageId } from '~/i18n/use-t';
import { Breakable } from '~/shared/breakable';
import { CopyButton } from '~/shared/copy-button';
import { ScrollTable } from '~/shared/scroll-table';

const REGION_LABEL: Record<string, MessageId> = {
  eu: 'pool.region.eu',
  ru: 'pool.region.ru',
  us: 'pool.region.us',
  sg: 'pool.region.sg',
};

/** `ltc-eu.openpool.example:3030` → region `eu`. */
export function regionOf(url: string): string {
  return /^[a-z0-9]+-([a-z]+)\./.exec(url)?.[1] ?? '';
}

/**
 * Stratum servers by region with TCP and SSL addresses, each copyable: a table, and on a phone
 * one card per region whose addresses wrap whole beside whole Copy buttons.
 */
export function Servers({ servers }: { servers: PoolStats['servers'] }) {
  const t = useT();
  const rows = servers.urls.map((url, index) => ({ region: regionOf(url), tcp: url, ssl: servers.ssl_urls[index] }));
  return (
    <ScrollTable label={t('pool.servers.title')} className="card-table">
      <table className="w-full text-sm sm:min-w-[32rem]" data-testid="servers">
        <thead>
          <tr className="text-start text-xs text-ink-muted">
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('pool.servers.region')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('pool.servers.tcp')}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t('pool.servers.ssl')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const regionLabel = REGION_LABEL[row.region];
            return (
              <tr key={row.tcp} className="border-t border-line">
                <th scope="row" className="py-2 pe-3 text-start font-medium">
                  {regionLabel ? t(regionLabel) : row.region.toUpperCase()}
                </th>
                <td className={ADDRESS_CELL} data-label={t('pool.servers.tcp')}>
                  <ServerAddress url={row.tcp} />
                </td>
                <td className={ADDRESS_CELL} data-label={t('pool.servers.ssl')}>
                  {row.ssl ? <ServerAddress url={row.ssl} /> : <span aria-hidden="true">—</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** On a phone: the column's name and the Copy button, then the address whole below (app.css). */
const ADDRESS_CELL = 'card-stack py-2 pe-3';

/** An address on one line in the table and in its card; a Copy button beside it, never cut. */
function ServerAddress({ url }: { url: string }) {
  return (
    <span className="flex items-center gap-2">
      <code className="font-mono text-xs whitespace-nowrap max-sm:whitespace-normal" dir="ltr" data-card-value="">
        <Breakable text={url} />
      </code>
      <CopyButton value={url} label={url} />
    </span>
  );
}
