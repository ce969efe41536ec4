/** Placeholder while issue 3 is being built; replaced by its owner. */
import type { ReactNode } from 'react';
export function CurrencyProvider({ children }: { children: ReactNode }) {
  return children;
}
