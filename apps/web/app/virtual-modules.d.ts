declare module 'virtual:openpool-catalogues' {
  import type { Messages } from '@lingui/core';
  export const catalogueLoaders: Record<string, () => Promise<{ default: Messages }>>;
}
