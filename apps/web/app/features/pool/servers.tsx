import type { PoolStats } from '@openpool/domain/api';
import { useT, type MessageId } from '~/features/i18n/use-t';
import { CopyButton } from '~/shared/copy-button';

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

/** Stratum servers by region with TCP and SSL addresses, each copyable. */
export function Servers({ servers }: { servers: PoolStats['servers'] }) {
  const t = useT();
  const rows = servers.urls.map((url, index) => ({ region: regionOf(url), tcp: url, ssl: servers.ssl_urls[index] }));
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-sm" data-testid="servers">
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
                <td className="py-2 pe-3">
                  <span className="flex items-center gap-2">
                    <code className="truncate font-mono text-xs" dir="ltr">
                      {row.tcp}
                    </code>
                    <CopyButton value={row.tcp} label={row.tcp} />
                  </span>
                </td>
                <td className="py-2">
                  {row.ssl ? (
                    <span className="flex items-center gap-2">
                      <code className="truncate font-mono text-xs" dir="ltr">
                        {row.ssl}
                      </code>
                      <CopyButton value={row.ssl} label={row.ssl} />
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
