import { useT, type MessageId } from '~/i18n/use-t';

const SCHEME_LABEL: Readonly<Record<string, MessageId>> = {
  pps: 'pool.scheme.pps',
  prop: 'pool.scheme.prop',
  solo: 'pool.scheme.solo',
};

/** The one way a reward scheme is named on the site: PPS+, PROP, SOLO (from the catalogue). */
export function useSchemeLabel(): (scheme: string) => string {
  const t = useT();
  return (scheme) => {
    const id = SCHEME_LABEL[scheme];
    return id ? t(id) : scheme.toUpperCase();
  };
}
