import { useLocale } from '~/i18n/use-locale';
import { useT, type MessageId } from '~/i18n/use-t';

const SCHEME_LABEL: Readonly<Record<string, MessageId>> = {
  pps: 'pool.scheme.pps',
  prop: 'pool.scheme.prop',
  solo: 'pool.scheme.solo',
};

/**
 * The one way a reward scheme is named on the site: PPS+, PROP, SOLO (from the catalogue). In a
 * right-to-left page the name is held in a first-strong isolate, as text (it goes into messages
 * and attributes too): bare, 'PPS+' reads '+PPS' there, its '+' taking the page's direction.
 */
export function useSchemeLabel(): (scheme: string) => string {
  const t = useT();
  const rtl = useLocale().dir === 'rtl';
  return (scheme) => {
    const id = SCHEME_LABEL[scheme];
    const label = id ? t(id) : scheme.toUpperCase();
    return rtl ? `\u2068${label}\u2069` : label;
  };
}
