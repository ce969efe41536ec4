import type { CoinInfo } from '@openpool/domain/coin-content';
import { formatAmount, formatHashrate } from '@openpool/domain/format';
import { useCurrency } from '~/currency/currency-context';
import { LocaleLink } from '~/shared/locale-link';
import { useLocale } from '~/i18n/use-locale';
import { useT } from '~/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { estimateDailyCoins, type EstimateInputs } from './estimate';

/** Estimated daily reward of the coin's reference device, in the selected currency when rates are in. */
export function DailyEstimate({
  stats,
  reference,
  ticker,
  deviceHref = null,
}: {
  stats: EstimateInputs;
  reference: CoinInfo['reference'];
  ticker: string;
  /** The reference device's page in the hardware catalogue (decision 010), when it is there. */
  deviceHref?: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const { toFiat } = useCurrency();
  const coins = estimateDailyCoins(stats, reference.hashrate);
  if (coins === null) return null;
  const rtl = locale.dir === 'rtl';
  // In a right-to-left page the amount and its ticker are one left-to-right isolate inside the
  // page's direction: '0.00014159 BTC' reads as in English and 'per day' follows it (decision 027).
  // Every catalogue has '{amount} {ticker}' in that order, so the isolate opens and closes in it.
  const units = t('pool.card.estimateUnits', {
    amount: rtl ? `\u2066${formatAmount(coins, ticker)}` : formatAmount(coins, ticker),
    ticker: rtl ? `${ticker.toUpperCase()}\u2069` : ticker.toUpperCase(),
  });
  const label = (
    <DeviceLabel
      text={t('pool.card.estimateFor', { hashrate: formatHashrate(reference.hashrate), device: MARK })}
      device={reference.device}
    />
  );
  const fiat = toFiat(coins, ticker);
  return (
    <>
      <dt className="text-xs text-ink-muted">
        {t('pool.card.estimate')}{' '}
        {deviceHref ? (
          // Above the card's stretched link, so that it is a link of its own.
          <LocaleLink
            to={deviceHref}
            className="relative z-10 text-ink-muted hover:text-accent hover:underline"
            data-testid="card-device"
          >
            {label}
          </LocaleLink>
        ) : (
          <span className="text-ink-muted">{label}</span>
        )}
      </dt>
      <dd className="font-semibold tabular-nums" data-testid="card-estimate">
        {fiat ? (
          <>
            <Ltr>{fiat}</Ltr>{' '}
            <span className="font-normal text-ink-muted">
              · <bdi dir={locale.dir}>{units}</bdi>
            </span>
          </>
        ) : (
          <bdi dir={locale.dir}>{units}</bdi>
        )}
      </dd>
    </>
  );
}

/** Where the device's name goes in the message: a character no catalogue writes (private use). */
const MARK = '\uE000';

/**
 * The message with the device's name and the brackets around it ('(Antminer S21 Pro)', '（…）')
 * as one left-to-right isolate: in a right-to-left page the brackets were the page's, and a
 * name wrapped across two lines read 'Antminer S21) … (Pro' (decision 027). It does not wrap
 * either: '(NVIDIA GeForce RTX' at one line's end and '3070)' on the next was hard to read.
 */
function DeviceLabel({ text, device }: { text: string; device: string }) {
  const match = /[(（]\uE000[)）]|\uE000/.exec(text);
  if (!match) return <>{text}</>;
  const own = match[0].replace(MARK, device);
  return (
    <>
      {text.slice(0, match.index)}
      {/* Whole on one line: the longest reference name, '(NVIDIA GeForce RTX 3070)', is about
          170 px in the card's small type, and a 320 px phone's card has about 250. */}
      <bdi dir="ltr" className="whitespace-nowrap">
        {own}
      </bdi>
      {text.slice(match.index + match[0].length)}
    </>
  );
}
