import { createContext, useContext } from 'react';

/**
 * The CSP nonce of the current response. Only the server knows it (entry.server provides it);
 * in the browser it is empty, which is fine: inline scripts only run from the server's HTML.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
