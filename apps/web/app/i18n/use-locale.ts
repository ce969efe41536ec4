import { splitLocalePath, getLocale, type Locale } from '@openpool/domain/locales';
import { useLocation } from 'react-router';

/** The page's language comes from its URL prefix, and nothing else (decision 003). */
export function useLocale(): Locale {
  const { pathname } = useLocation();
  return getLocale(splitLocalePath(pathname).locale);
}
