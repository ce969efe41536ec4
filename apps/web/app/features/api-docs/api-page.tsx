import type { ApiLimits } from '@openpool/domain/api';
import { useT, type MessageId } from '~/i18n/use-t';
import { Ltr } from '~/shared/ltr';
import { ScrollTable } from '~/shared/scroll-table';
import { useSiteSettings } from '~/platform/site-settings';

/**
 * A shell command, shown as typed (never translated, never right to left). Wider than a phone,
 * it scrolls in its box, whose edge fades where more of the line waits (`.scroll-cue`).
 */
function Command({ children }: { children: string }) {
  return (
    // Focusable so a keyboard can scroll a line wider than the box (axe's scrollable-region-focusable).
    <pre
      tabIndex={0}
      className="scroll-cue mt-1 rounded-lg border border-line bg-surface p-3 text-xs leading-relaxed [--scroll-bg:var(--color-surface)]"
      dir="ltr"
    >
      <code>{children}</code>
    </pre>
  );
}

function LimitsTable({ limits }: { limits: ApiLimits }) {
  const t = useT();
  return (
    // On the page's own background: the held first column is painted in it.
    <ScrollTable label={t('apiPage.limitsTitle')} className="mt-3 [--scroll-bg:var(--color-surface)]">
      <table className="w-full min-w-[22rem] text-start text-sm" data-testid="api-limits">
        <thead className="text-xs text-ink-muted">
          <tr>
            <th className="py-1 pe-3 text-start font-medium">{t('apiPage.policy')}</th>
            <th className="py-1 pe-3 text-start font-medium">{t('apiPage.quota')}</th>
            <th className="py-1 pe-3 text-start font-medium">{t('apiPage.window')}</th>
            <th className="py-1 text-start font-medium">{t('apiPage.appliesTo')}</th>
          </tr>
        </thead>
        <tbody>
          {limits.policies.map((policy) => (
            <tr key={policy.name} className="border-t border-line">
              <td className="py-1.5 pe-3 font-mono">
                <Ltr>{policy.name}</Ltr>
              </td>
              <td className="py-1.5 pe-3 tabular-nums">
                <Ltr>{String(policy.quota)}</Ltr>
              </td>
              <td className="py-1.5 pe-3 tabular-nums">{t('apiPage.seconds', { seconds: policy.window_seconds })}</td>
              <td className="py-1.5">{t(policy.applies_to === 'all' ? 'apiPage.appliesAll' : 'apiPage.appliesExport')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/**
 * The limits seen from the pool's own machine: loopback is exempt (API_RATE_LIMIT_EXEMPT), so
 * the call leaves from one of the machine's other addresses, to that address, and is counted
 * like any client's. No forwarded header: the API believes one only from TRUST_PROXY, unset
 * by default, so a command built on one would show nothing on a fresh install.
 */
function ownHostCommand(base: string): string {
  // The API's own port (API_PORT) as the page's API URL names it; behind a proxy on 443 the
  // API itself still listens on its own port, 8787 unless the operator chose another.
  let port = '8787';
  try {
    port = new URL(base).port || port;
  } catch {
    // A relative or missing base: the default port.
  }
  return `ip=$(hostname -I | cut -d' ' -f1)\ncurl -sI --interface "$ip" "http://$ip:${port}/api/v1/rates" | grep -i ratelimit`;
}

/**
 * `/api`: how to use the public API (decision 023): where the reference is, the quotas in
 * force (from the API itself), caching, and curl examples on this pool's own API URL.
 */
export function ApiPage({ limits, exampleCoin }: { limits: ApiLimits | null; exampleCoin: string }) {
  const t = useT();
  const base = useSiteSettings()?.apiBaseUrl ?? '';
  const address = 'YOUR_ADDRESS';
  const examples: [MessageId, string][] = [
    ['apiPage.exPoolStats', `curl -s ${base}/${exampleCoin}/api/v1/pool/stats`],
    ['apiPage.exWorkers', `curl -s ${base}/${exampleCoin}/api/v3/miner/workers/${address}`],
    [
      'apiPage.exExport',
      `curl -sOJ "${base}/${exampleCoin}/api/v1/miner/export/${address}?kind=payouts&format=csv&from=2025-01-01&to=2025-12-31"`,
    ],
    [
      'apiPage.exHeaders',
      `curl -sI ${base}/api/v1/rates | grep -i ratelimit\n# RateLimit-Policy: "default";q=${limits?.policies[0]?.quota ?? 300};w=${limits?.policies[0]?.window_seconds ?? 60}\n# RateLimit: "default";r=${(limits?.policies[0]?.quota ?? 300) - 1};t=42`,
    ],
    [
      'apiPage.exEtag',
      `curl -s -H 'If-None-Match: "<etag of the last answer>"' -o /dev/null -w '%{http_code}\\n' ${base}/api/v1/rates\n# 304`,
    ],
  ];
  const section = 'mt-8 text-lg font-semibold';
  return (
    <section className="min-w-0 max-w-3xl">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('apiPage.title')}</h1>
      <p className="mt-2 leading-relaxed">{t('apiPage.lead')}</p>
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
        <a href={`${base}/docs`} className="text-accent hover:underline">
          {t('apiPage.docsLink')}
        </a>
        <a href={`${base}/openapi.json`} className="text-accent hover:underline">
          {t('apiPage.openapiLink')}
        </a>
      </p>

      <h2 className={section}>{t('apiPage.limitsTitle')}</h2>
      <p className="mt-2 leading-relaxed">{t('apiPage.limitsLead')}</p>
      {limits ? <LimitsTable limits={limits} /> : <p className="mt-3 text-ink-muted">{t('apiPage.unavailable')}</p>}
      <p className="mt-3 leading-relaxed">{t('apiPage.siteCalls')}</p>
      <p className="mt-3 leading-relaxed" data-testid="api-own-host">
        {t('apiPage.ownHost')}
      </p>
      <Command>{ownHostCommand(base)}</Command>

      <h2 className={section}>{t('apiPage.cachingTitle')}</h2>
      <p className="mt-2 leading-relaxed">
        {t('apiPage.cachingLead', { pool: limits?.cache_seconds.pool ?? 10, rates: limits?.cache_seconds.rates ?? 60 })}
      </p>

      <h2 className={section}>{t('apiPage.examplesTitle')}</h2>
      <ul className="mt-2 grid gap-4" data-testid="api-examples">
        {examples.map(([label, command]) => (
          <li key={label} className="min-w-0">
            <p className="text-sm">{t(label)}</p>
            <Command>{command}</Command>
          </li>
        ))}
      </ul>
    </section>
  );
}
