/** A device's sellers: the operator's offers with price, stock and the exclusive badge. */
import { formatMoney } from '@openpool/domain/format';
import type { Offer } from '@openpool/domain/hardware';
import { dateTimeFormat } from '@openpool/domain/intl';
import { useLocale } from '~/i18n/use-locale';
import { useT, type MessageId } from '~/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { regionName } from './figures';

const STOCK: Record<Offer['stock'], MessageId> = {
  in_stock: 'hw.stock.in_stock',
  preorder: 'hw.stock.preorder',
  out_of_stock: 'hw.stock.out_of_stock',
};

/**
 * Props a device page's island compares (decision 037): the offers come from the loader, the
 * currency as its code and rate, so a change of currency is a change of props.
 */
export function DeviceSellers({ offers, currency, perUsd }: { offers: readonly Offer[]; currency: string; perUsd: number }) {
  const t = useT();
  const locale = useLocale();
  const day = dateTimeFormat(locale.iso, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <section
      className="mt-6 rounded-xl border border-line bg-surface-raised p-4"
      aria-labelledby="sellers-title"
      data-testid="sellers"
    >
      <h2 id="sellers-title" className="text-lg font-semibold">
        {t('hw.sellers')}
      </h2>
      <p className="text-xs text-ink-muted">{t('hw.sellersNote')}</p>
      {offers.length === 0 ? (
        <p className="mt-3 text-ink-muted">{t('hw.noSellers')}</p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {offers.map((offer) => (
            <li key={offer.seller.slug} className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-line pt-2 text-sm">
              <a href={offer.seller.website} rel="noopener noreferrer" className="font-medium text-accent hover:underline">
                {offer.seller.name}
              </a>
              <span className="text-ink-muted">{regionName(locale.iso, offer.seller.country)}</span>
              <span className="tabular-nums">
                <Ltr>{formatMoney(offer.price_usd * perUsd, currency)}</Ltr>
              </span>
              <span className={offer.stock === 'in_stock' ? 'text-emerald-700 dark:text-emerald-300' : 'text-ink-muted'}>
                {t(STOCK[offer.stock])}
              </span>
              {offer.exclusive ? (
                <span className="rounded-full border border-accent px-2 py-0.5 text-xs text-accent" data-testid="exclusive-badge">
                  {t('hw.exclusive')}
                </span>
              ) : null}
              <span className="text-xs text-ink-muted">{day.format(new Date(`${offer.as_of}T00:00:00Z`))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
