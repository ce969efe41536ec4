import { Fragment } from 'react';

/**
 * A URL or a login as text that may wrap on a phone only where a reader expects a break: after
 * ':', '.', '/' and '@' (`stratum+tcp://ltc-eu.` / `openpool.example:3333`), never mid-word as
 * `break-all` did. The `<wbr>`s copy as nothing; a piece longer than the line still wraps
 * (`overflow-wrap: anywhere` on the element that holds it).
 */
export function Breakable({ text }: { text: string }) {
  const pieces = text.split(/(?<=[:./@])/);
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {piece}
          {index < pieces.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
