import { isSlug, supportArticleLanguage } from '@openpool/domain/routes';
import { useT } from '~/features/i18n/use-t';
import { PendingPage } from '~/features/layout/pending-page';
import { pageNotFound } from '~/shared/http-errors';
import type { Route } from './+types/article';

export function loader({ params }: Route.LoaderArgs) {
  if (!isSlug(params.slug)) pageNotFound();
  return { slug: params.slug, supportLanguage: supportArticleLanguage(params.slug) };
}

export default function Article({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const title = loaderData.supportLanguage ? t('page.supportArticle.title') : t('page.article.title', { slug: loaderData.slug });
  return <PendingPage title={title} />;
}
