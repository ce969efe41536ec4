import { truncateMiddle } from '@openpool/domain/format';
import { useParams } from 'react-router';
import { useT } from '~/features/i18n/use-t';
import { PendingPage } from '~/features/layout/pending-page';

export default function Page() {
  const t = useT();
  const { address } = useParams();
  return (
    <PendingPage title={t('page.miner.settings')}>
      <p className="mt-2 break-all font-mono text-sm text-ink-muted" title={address}>
        {address ? truncateMiddle(address, 10, 10) : t('page.miner.lookUp')}
      </p>
    </PendingPage>
  );
}
