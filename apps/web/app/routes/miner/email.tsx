import { useT } from '~/i18n/use-t';
import { EmailAccountInfo } from '~/features/miner/email-account-info';
import { useCoin } from '~/features/pool/coin-context';

export default function Page() {
  const t = useT();
  const coin = useCoin();
  return (
    <section className="rounded-xl border border-line bg-surface-raised p-4">
      <h1 className="mb-3 text-xl font-bold tracking-tight sm:text-2xl">{t('page.miner.email')}</h1>
      <EmailAccountInfo coin={coin} />
    </section>
  );
}
