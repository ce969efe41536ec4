import type { CoinInfo, MinerPlatform } from '@openpool/domain/coin-content';
import { fillCommand } from '@openpool/domain/coin-links';
import type { Coin } from '@openpool/domain/coins';
import { lastSearchStorageKey } from '@openpool/domain/address';
import { useId, useState } from 'react';
import { useStoredValue } from '~/shared/use-stored-value';
import { useT, type MessageId } from '~/i18n/use-t';
import { CopyButton } from '~/shared/copy-button';
import { Breakable } from '~/shared/breakable';
import { LocaleLink } from '~/shared/locale-link';

type Platform = MinerPlatform | 'asic';
const PLATFORMS: readonly Platform[] = ['hiveos', 'raveos', 'mmpos', 'windows', 'linux', 'asic'];
const TITLE: Record<Platform, MessageId> = {
  hiveos: 'guide.hiveos',
  raveos: 'guide.raveos',
  mmpos: 'guide.mmpos',
  windows: 'guide.windows',
  linux: 'guide.linux',
  asic: 'guide.asic',
};
const STEPS: Record<Platform, MessageId> = {
  hiveos: 'guide.hiveos.steps',
  raveos: 'guide.raveos.steps',
  mmpos: 'guide.mmpos.steps',
  windows: 'guide.windows.steps',
  linux: 'guide.linux.steps',
  asic: 'guide.asic.steps',
};
const WALLET_PLACEHOLDER = 'YOUR_ADDRESS';
const WORKER = 'rig01';

/**
 * Connection guides per platform with real command lines for the coin's miner software
 * (content/coins.json), the pool's own server, and the visitor's last searched address
 * filled in once the page is in the browser (the server renders a placeholder).
 */
export function ConnectionGuide({ coin, info, tcp, ssl }: { coin: Coin; info: CoinInfo; tcp: string; ssl: string | undefined }) {
  const t = useT();
  const id = useId();
  const platforms = PLATFORMS.filter((platform) => platform !== 'asic' || info.asic);
  const [active, setActive] = useState<Platform>(info.asic ? 'asic' : 'hiveos');
  const wallet = useStoredValue(lastSearchStorageKey(coin.ticker));
  const values = { pool: tcp, ssl_pool: ssl ?? tcp, wallet: wallet ?? WALLET_PLACEHOLDER, worker: WORKER };
  const software = active === 'asic' ? [] : info.software.filter((entry) => entry.platforms.includes(active));

  return (
    <div>
      <div
        role="tablist"
        aria-label={t('guide.title')}
        className="flex flex-wrap gap-1 border-b border-line"
        data-testid="guide-tabs"
      >
        {platforms.map((platform) => (
          <button
            key={platform}
            type="button"
            role="tab"
            id={`${id}-${platform}`}
            aria-selected={active === platform}
            aria-controls={`${id}-panel`}
            onClick={() => setActive(platform)}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-ink-muted hover:text-ink aria-selected:border-accent aria-selected:font-semibold aria-selected:text-ink"
          >
            {t(TITLE[platform])}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${active}`}
        className="pt-4 text-sm"
        data-testid="guide-panel"
      >
        <p className="max-w-3xl leading-relaxed">{t(STEPS[active], { coin: coin.name })}</p>
        <dl className="mt-3 grid grid-cols-1 gap-2">
          <Field label={t('guide.poolUrl')} value={`stratum+tcp://${tcp}`} />
          {ssl ? <Field label={`${t('guide.poolUrl')} (SSL)`} value={`stratum+ssl://${ssl}`} /> : null}
          <Field label={t('guide.username')} value={`${values.wallet}.${WORKER}`} />
          <Field label={t('guide.password')} value="x" />
        </dl>
        {active !== 'asic' && software.length === 0 ? (
          <p className="mt-3 text-ink-muted">{t(info.asic ? 'guide.asicOnly' : 'guide.noSoftware', { coin: coin.name })}</p>
        ) : null}
        {software.map((entry) => {
          const command = fillCommand(entry.command, values);
          return (
            <div key={entry.name} className="mt-4">
              <div className="flex items-center justify-between gap-2">
                <p className="font-semibold">{entry.name}</p>
                <a
                  href={entry.download}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-xs text-accent hover:underline"
                >
                  {t('guide.download', { name: entry.name })}
                </a>
              </div>
              <div className="mt-1 flex items-start gap-2 rounded-lg bg-surface p-3">
                <code className="min-w-0 flex-1 font-mono text-xs [overflow-wrap:anywhere]" dir="ltr" data-testid="guide-command">
                  <Breakable text={command} />
                </code>
                <CopyButton value={command} label={entry.name} />
              </div>
            </div>
          );
        })}
        <p className="mt-3" data-testid="guide-test-link">
          <LocaleLink
            to={`/test?${new URLSearchParams({ coin: coin.ticker, ...(wallet ? { address: wallet, worker: WORKER } : {}) })}`}
            className="font-semibold text-accent hover:underline"
          >
            {withArrowKept(t('guide.testLink'))}
          </LocaleLink>
        </p>
        <p className="mt-3 text-xs text-ink-muted">
          {wallet
            ? t('guide.walletKnown')
            : t('guide.walletHint', { wallet: WALLET_PLACEHOLDER, worker: WORKER, coin: coin.name })}
        </p>
      </div>
    </div>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <dt className="w-28 shrink-0 text-ink-muted">{label}</dt>
      <dd className="flex min-w-0 max-w-full flex-1 basis-48 items-center gap-2">
        {/* Whole, never cut with an ellipsis: on a phone it wraps after ':' and '.', not mid-word. */}
        <code className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]" dir="ltr">
          <Breakable text={value} />
        </code>
        <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}

/**
 * The arrow that ends a link's words stays on their last line: at 375 px the guide's link wrapped
 * its arrow alone onto a line of its own ('… shares arrive' / '→').
 */
export function withArrowKept(text: string): string {
  return text.replace(/ ([→←])$/u, '\u00A0$1');
}
