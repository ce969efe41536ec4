import { Outlet } from 'react-router';
import { named } from '~/data/route-middleware.server';

/** `/{lang}/…`: the locale prefix of every page but the home pages (routes.ts says why). */
export const middleware = named('locale');

export default function LocalePrefix() {
  return <Outlet />;
}
