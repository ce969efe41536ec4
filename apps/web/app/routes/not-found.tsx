import { pageNotFound } from '~/platform/http-errors';

/** Anything no route matches: 404 'This page could not be found', inside the site's frame. */
export function loader(): never {
  return pageNotFound();
}

export default function NotFound() {
  return null;
}
