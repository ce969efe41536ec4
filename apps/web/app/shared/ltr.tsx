import type { ReactNode } from 'react';

/**
 * A figure such as '32.06 TH/s', '10 922.337935 DOGE', an address or a hash: kept left to
 * right inside right-to-left text (fa), where it would otherwise read 'TH/s 32.06', and in one
 * piece on a narrow screen. Every figure of the site sits in one (decision 002, addendum).
 */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className ? `whitespace-nowrap ${className}` : 'whitespace-nowrap'}>
      {children}
    </bdi>
  );
}

/**
 * A figure written in the page's language, such as a date ('5 آذر 1405، 8:03') or a time ago
 * ('5 minutes ago'): isolated from the text around it, its direction taken from its own first
 * letter, so its words stay in their order while the figure cannot reorder its neighbours.
 */
export function Isolated({ children, className }: { children: ReactNode; className?: string }) {
  return <bdi className={className}>{children}</bdi>;
}

/**
 * A figure as plain text where no element may go (an `<option>`, a `title`): wrapped in a
 * first-strong isolate, the same isolation as `Ltr` and `Isolated` give an element.
 */
export function isolatedText(text: string): string {
  return `\u2068${text}\u2069`;
}
