import type { NotifyLink, NotifyPurpose } from '@openpool/domain/api';
import { truncateMiddle } from '@openpool/domain/format';
import { Form, useNavigation } from 'react-router';
import { LocaleLink } from '~/shared/locale-link';
import { useT, type MessageId } from '~/i18n/use-t';
import { isolatedText } from '~/shared/ltr';

const TEXT: Record<NotifyPurpose, Record<'title' | 'ask' | 'button' | 'doneTitle' | 'done', MessageId>> = {
  confirm: {
    title: 'notify.confirm.title',
    ask: 'notify.confirm.ask',
    button: 'notify.confirm.button',
    doneTitle: 'notify.confirm.doneTitle',
    done: 'notify.confirm.done',
  },
  unsubscribe: {
    title: 'notify.unsubscribe.title',
    ask: 'notify.unsubscribe.ask',
    button: 'notify.unsubscribe.button',
    doneTitle: 'notify.unsubscribe.doneTitle',
    done: 'notify.unsubscribe.done',
  },
};

/**
 * The page behind a mail's link (decision 012): what the link is about and one button (mail
 * scanners open links; only a person presses the button), then what was done, with the way back
 * to the miner's pages. A link that is not valid says so and leads home.
 */
export function NotifyCard({
  purpose,
  link,
  done,
}: {
  purpose: NotifyPurpose;
  /** What the link is about; null for a link that is not valid. */
  link: NotifyLink | null;
  /** Set once the button was pressed and the API did it. */
  done: boolean;
}) {
  const t = useT();
  const navigation = useNavigation();
  const text = TEXT[purpose];
  const words = link && {
    // Figures in their own direction inside Persian text (decision 002, addendum).
    address: isolatedText(truncateMiddle(link.address, 10, 8)),
    coin: link.coin.toUpperCase(),
    recipient: isolatedText(link.recipient ?? ''),
  };
  // An unsubscribe link followed before: done already, said as such (not "not valid").
  const used = link?.used === true;
  return (
    <section className="mx-auto max-w-xl rounded-xl border border-line bg-surface-raised p-6 sm:p-8" data-testid="notify-card">
      <h1 className="flex items-center gap-2 text-xl font-bold tracking-tight sm:text-2xl">
        {link && (done || used) ? (
          <span
            aria-hidden="true"
            className="grid size-7 shrink-0 place-items-center rounded-full bg-accent text-base text-accent-ink"
          >
            ✓
          </span>
        ) : null}
        {t(!link ? 'notify.badLink.title' : used ? 'notify.unsubscribe.alreadyTitle' : done ? text.doneTitle : text.title, {
          coin: link?.coin.toUpperCase() ?? '',
        })}
      </h1>
      {!link || !words ? (
        <>
          <p className="mt-3 leading-relaxed text-ink-muted" data-testid="notify-message">
            {t('notify.badLink')}
          </p>
          <p className="mt-6">
            <LocaleLink to="/" className="font-medium text-accent hover:underline">
              {t('error.returnHome')}
            </LocaleLink>
          </p>
        </>
      ) : used ? (
        <>
          <p className="mt-3 leading-relaxed" role="status" data-testid="notify-message">
            {t('notify.unsubscribe.already', words)}
          </p>
          <MinerLinks link={link} />
        </>
      ) : done ? (
        <>
          <p className="mt-3 leading-relaxed" role="status" data-testid="notify-message">
            {t(text.done, words)}
          </p>
          <MinerLinks link={link} />
        </>
      ) : (
        <>
          <p className="mt-3 leading-relaxed" data-testid="notify-message">
            {t(text.ask, words)}
          </p>
          {purpose === 'confirm' ? <p className="mt-2 text-sm text-ink-muted">{t('notify.confirm.ignore')}</p> : null}
          <Form method="post" replace className="mt-6">
            <button
              type="submit"
              disabled={navigation.state === 'submitting'}
              className="rounded-lg bg-accent px-5 py-2.5 text-sm font-semibold text-accent-ink hover:opacity-90 disabled:opacity-60"
            >
              {t(text.button)}
            </button>
          </Form>
          <MinerLinks link={link} />
        </>
      )}
    </section>
  );
}

/** Back to the miner whose alerts these are: its stats, and its settings where alerts are changed. */
function MinerLinks({ link }: { link: NotifyLink }) {
  const t = useT();
  const base = `/${link.coin}/miner`;
  const address = encodeURIComponent(link.address);
  return (
    <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2 border-t border-line pt-4 text-sm">
      <LocaleLink
        to={`${base}/stats/${address}`}
        className="font-medium text-accent hover:underline"
        data-testid="notify-miner-link"
      >
        {t('notify.openStats')}
      </LocaleLink>
      <LocaleLink to={`${base}/settings/${address}`} className="font-medium text-accent hover:underline">
        {t('page.miner.settings')}
      </LocaleLink>
    </p>
  );
}
