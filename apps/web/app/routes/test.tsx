import { useT } from '~/features/i18n/use-t';
import { PendingPage } from '~/features/layout/pending-page';

export default function Page() {
  const t = useT();
  return <PendingPage title={t('page.test.title')} />;
}
