import { localizePath } from '@openpool/domain/locales';
import { Link, type LinkProps } from 'react-router';
import { canPrefetch } from '~/platform/prefetch';
import { useLocale } from '~/i18n/use-locale';

type LocaleLinkProps = Omit<LinkProps, 'to'> & { to: string };

const ON_SERVER = typeof document === 'undefined';

// A clean absolute path (no `//`, `.` or `..` segment), which React Router's href resolution
// would give back unchanged.
const PLAIN_PATH = /^\/(?!.*\/\.{1,2}(?:[/?#]|$))(?!.*\/\/)[^?#]*(?:[?#].*)?$/;

/**
 * The one way to link inside the site: adds the locale prefix (design.md, cross-cutting
 * rules) and prefetches on intent unless the connection is 2g or saving data.
 *
 * On the server a plain path is written as the very `<a>` React Router's `Link` renders (its
 * attributes, its `data-discover`), without the router's hooks: a page has 100-200 links and
 * resolving each against the route matches was a fifth of the frame's render time (decision 015).
 * The browser renders `Link` and hydrates that same markup; navigation, prefetch on intent and
 * route discovery work from there as before.
 */
export function LocaleLink({ to, prefetch, ...props }: LocaleLinkProps) {
  const locale = useLocale();
  const href = localizePath(to, locale.code);
  if (ON_SERVER && PLAIN_PATH.test(href)) return <ServerAnchor href={href} {...props} />;
  return <Link to={href} prefetch={canPrefetch() ? (prefetch ?? 'intent') : 'none'} {...props} />;
}

/** `Link`'s own markup for a resolved `href`: the props `Link` keeps to itself are left out. */
function ServerAnchor({
  href,
  target,
  discover = 'render',
  relative: _relative,
  reloadDocument: _reloadDocument,
  replace: _replace,
  mask: _mask,
  state: _state,
  preventScrollReset: _preventScrollReset,
  viewTransition: _viewTransition,
  defaultShouldRevalidate: _defaultShouldRevalidate,
  ...rest
}: Omit<LinkProps, 'to' | 'prefetch'> & { href: string }) {
  return <a {...rest} href={href} target={target} data-discover={discover === 'render' ? 'true' : undefined} />;
}
