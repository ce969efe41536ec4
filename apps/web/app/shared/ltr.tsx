import type { ReactNode } from 'react';

/**
 * A figure such as '32.06 TH/s' or 'LTC/day': kept left-to-right inside right-to-left text
 * (fa), where it would otherwise read 'TH/s 32.06'.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
