import { useT } from '~/features/i18n/use-t';
import { PendingPage } from '~/features/layout/pending-page';
import { useCoin } from '~/features/pool/coin-context';

export default function Page() {
  const t = useT();
  const coin = useCoin();
  return <PendingPage title={t('page.coin.aboutCoin', { name: coin.name })} />;
}
