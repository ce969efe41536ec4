declare module 'virtual:openpool-catalogues' {
  import type { Messages } from '~/i18n/translator';
  import type { MessagePart } from '~/i18n/message-parts';
  export const catalogueLoaders: Record<string, Record<MessagePart, () => Promise<{ default: Messages }>>>;
}

declare module 'virtual:openpool-articles' {
  import type { CompiledArticle } from '~/features/articles/article-types';
  export const articles: CompiledArticle[];
}
