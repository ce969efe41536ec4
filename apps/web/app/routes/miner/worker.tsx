import { truncateMiddle } from '@openpool/domain/format';
import { useParams } from 'react-router';
import { useT } from '~/features/i18n/use-t';
import { PendingPage } from '~/features/layout/pending-page';

export default function Page() {
  const t = useT();
  const { address = '', worker = '', scheme } = useParams();
  return (
    <PendingPage title={t('page.miner.worker', { worker })}>
      <p className="mt-2 break-all font-mono text-sm text-ink-muted" title={address}>
        {truncateMiddle(address, 10, 10)}
        {scheme ? ` · ${scheme.toUpperCase()}` : ''}
      </p>
    </PendingPage>
  );
}
