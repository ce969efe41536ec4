import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocale } from '~/i18n/use-locale';
import { LocaleLink } from '~/shared/locale-link';
import { useT, type MessageId } from '~/i18n/use-t';
import { describeError, type ErrorReason } from '~/platform/http-errors';
import { useSiteSettings } from '~/platform/site-settings';
import { SiteFrame } from './site-frame';

const REASON_TEXT: Record<ErrorReason, MessageId> = {
  'unsupported-coin': 'error.reason.unsupportedCoin',
  'page-not-found': 'error.reason.pageNotFound',
  'unknown-middleware': 'error.reason.unknownMiddleware',
};

/** The error page (decision 003): the status, its words, and the way home. */
function ErrorPageContent({ error }: { error: unknown }) {
  const t = useT();
  const settings = useSiteSettings();
  const { status, reason } = describeError(error);
  const supportEmail = settings?.supportEmail;
  const headline = status === 404 ? t('error.pageNotFound') : status === 403 ? t('error.forbidden') : t('error.unknown');
  return (
    <section className="mx-auto max-w-xl py-16 text-center" data-testid="error-page">
      <title>{`${status} · ${headline}`}</title>
      <p className="text-7xl font-black tracking-tight text-ink-muted" data-testid="error-status">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-bold">{headline}</h1>
      {reason ? (
        <p className="mt-2 text-ink-muted" data-testid="error-reason">
          {t(REASON_TEXT[reason])}
        </p>
      ) : null}
      {status !== 404 && status !== 403 && supportEmail ? (
        <p className="mt-4">
          <a className="text-accent underline" href={`mailto:${supportEmail}`}>
            {t('error.contactSupport', { email: supportEmail })}
          </a>
        </p>
      ) : null}
      <p className="mt-8">
        <LocaleLink to="/" reloadDocument className="inline-block rounded-md bg-accent px-4 py-2 font-semibold text-accent-ink">
          {t('error.returnHome')}
        </LocaleLink>
      </p>
    </section>
  );
}

/** When the error page itself cannot render: plain words and a plain link, nothing that can fail. */
function ErrorPageFailure() {
  const locale = useLocale();
  const t = useT();
  let message = 'An error occurred while showing the error page';
  let back = 'Go back to home';
  try {
    message = t('error.pageFailed');
    back = t('error.goBackHome');
  } catch {
    // The catalogue is what failed: the English words above stand.
  }
  return (
    <section className="mx-auto max-w-xl py-16 text-center" data-testid="error-page-failure">
      <h1 className="text-2xl font-bold">{message}</h1>
      <p className="mt-6">
        <Link to={locale.code === 'en' ? '/' : `/${locale.code}`} reloadDocument className="text-accent underline">
          {back}
        </Link>
      </p>
    </section>
  );
}

class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    // The error reporter arrives with the site frame issue; until then the server log has it.
    console.warn('error page failed', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <ErrorPageFailure /> : this.props.children;
  }
}

export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageGuard>
      <SiteFrame>
        <ErrorPageContent error={error} />
      </SiteFrame>
    </ErrorPageGuard>
  );
}
