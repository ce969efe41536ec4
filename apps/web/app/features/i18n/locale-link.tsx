import { localizePath } from '@openpool/domain/locales';
import { Link, type LinkProps } from 'react-router';
import { canPrefetch } from '~/shared/prefetch';
import { useLocale } from './use-locale';

/**
 * The one way to link inside the site: adds the locale prefix (design.md, cross-cutting
 * rules) and prefetches on intent unless the connection is 2g or saving data.
 */
export function LocaleLink({ to, prefetch, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const locale = useLocale();
  return <Link to={localizePath(to, locale.code)} prefetch={canPrefetch() ? (prefetch ?? 'intent') : 'none'} {...props} />;
}
