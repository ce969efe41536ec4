/**
 * Metrics, alerts and the dashboard against the real processes (decision 022): a litecoind regtest
 * node, the API on it (and the demo's simulated coins), the ltc stratum server, the built web
 * server, each with its metrics port; and Debian's Prometheus scraping them every second with
 * ops/prometheus/rules.yml. The rules' `for:` durations are promtool's to test
 * (rules.test.yml): here they are cut to 2 s, so what is checked is that the expressions meet
 * the real metrics. Two alerts are made to fire by real faults: a wallet short of what the
 * pool owes, and a node that stops.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardFolder, type GuardedFolder } from '../apps/api/src/testing/folder-guard.ts';
import { LITECOIND, startRegtest, type Regtest } from '../apps/stratum/src/testing/regtest.ts';
import { alertsOf } from './testing/rules.ts';
import { metricNames, scrape, startApi, startStratum, startWeb, TOKEN, until, type Service } from './testing/processes.ts';
import { metricNamesIn } from './testing/promql.ts';
import { PROMETHEUS, startPrometheus, type Prometheus } from './testing/prometheus.ts';

const PORT = {
  regtest: 17100,
  api: 17110,
  apiMetrics: 17111,
  stratum: 17120,
  stratumMetrics: 17121,
  web: 17130,
  webMetrics: 17131,
};
const PROMETHEUS_PORT = 17140;
const API = `http://127.0.0.1:${PORT.api}`;
const RULES = join(import.meta.dirname, 'prometheus', 'rules.yml');
const DASHBOARD = JSON.parse(readFileSync(join(import.meta.dirname, 'grafana', 'openpool.json'), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const missing = [PROMETHEUS, LITECOIND].filter((binary) => !existsSync(binary));

let dir: string;
let folder: GuardedFolder | undefined;
let chain: Regtest | undefined;
const services: Service[] = [];
let prometheus: Prometheus | undefined;
const scrapes: Record<string, string> = {};
let marginBefore: string | undefined;

/**
 * PPS shares of ltc an hour back and one now: the hour job credits a miner's mature balance.
 * Sent before the stratum server's first ltc event, which would put ltc's clock in this hour
 * and leave the share of the last hour to the next hour's run.
 */
async function owe(address: string): Promise<void> {
  const hour = 3_600_000;
  const previous = Math.floor(Date.now() / hour) * hour - hour;
  const network = (at: number, seq: number) => ({
    type: 'network',
    seq,
    coin: 'ltc',
    at,
    difficulty: 4.656542373906925e-10,
    hashrate: 1,
    height: 1,
    reward: '5000000000',
  });
  const share = (at: number, seq: number) => ({
    type: 'share',
    seq,
    coin: 'ltc',
    address,
    worker: 'ops',
    scheme: 'pps',
    difficulty: 5e-10,
    status: 'valid',
    ip: '127.0.0.1',
    at,
  });
  const events = [
    network(previous - 1_800_000, 1),
    network(previous + 60_000, 2),
    share(previous + 120_000, 3),
    share(Date.now() - 1000, 4),
  ];
  const response = await fetch(`${API}/internal/v1/events?source=ops-test`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
    body: events.map((event) => JSON.stringify(event)).join('\n'),
  });
  expect(response.status, await response.text()).toBe(200);
}

const firing = async (name: string) =>
  (await prometheus!.alerts()).filter((alert) => alert.labels.alertname === name && alert.state === 'firing');

beforeAll(async () => {
  if (missing.length > 0) return;
  // Removed with whatever still runs from it (PostgreSQL), by its guard if no afterAll runs (decision 001).
  folder = guardFolder(mkdtempSync(join(tmpdir(), 'op-monitoring-')));
  dir = folder.path;
  chain = await startRegtest(PORT.regtest);
  const poolAddress = await chain.wallet<string>('getnewaddress', ['pool', 'bech32']);
  await chain.rpc('generatetoaddress', [1, poolAddress]);
  services.push(
    await startApi(PORT.api, {
      DATA_DIR: join(dir, 'api'),
      SIMULATOR_BACKFILL_DAYS: '0.02',
      SIMULATOR_MINERS: '2',
      LTC_RPC_URL: chain.walletUrl,
      API_METRICS_PORT: String(PORT.apiMetrics),
    }),
  );
  // Owed before any ltc event of the stratum server moves ltc's clock into this hour (owe()).
  marginBefore = /^openpool_solvency_margin_coins\{coin="ltc"\} (\S+)/m.exec(await scrape(PORT.apiMetrics))?.[1];
  await owe(await chain.wallet<string>('getnewaddress', ['miner', 'bech32']));
  services.push(
    startStratum({
      LTC_RPC_URL: chain.walletUrl,
      LTC_POOL_ADDRESS: poolAddress,
      STRATUM_LTC_PORT: String(PORT.stratum),
      STRATUM_METRICS_PORT: String(PORT.stratumMetrics),
      API_URL: API,
      DATA_DIR: join(dir, 'stratum'),
    }),
  );
  services.push(await startWeb(PORT.web, API, { WEB_METRICS_PORT: String(PORT.webMetrics) }));
  await until('the stratum server’s first job', async () =>
    /^openpool_stratum_last_job_timestamp_seconds\{coin="ltc"\} [1-9]/m.test(await scrape(PORT.stratumMetrics)),
  );
  // The repository's rules, their waits cut to 2 s (the durations are rules.test.yml's to check).
  const fastRules = join(dir, 'rules.yml');
  writeFileSync(fastRules, readFileSync(RULES, 'utf8').replace(/^(\s+for:) \S+$/gm, '$1 2s'));
  prometheus = await startPrometheus({
    port: PROMETHEUS_PORT,
    jobs: {
      'openpool-api': [`127.0.0.1:${PORT.apiMetrics}`],
      'openpool-stratum': [`127.0.0.1:${PORT.stratumMetrics}`],
      'openpool-web': [`127.0.0.1:${PORT.webMetrics}`],
    },
    ruleFiles: [fastRules],
  });
  // A page render and a miss of the page cache, so the web's histograms have samples.
  for (const path of ['/', '/btc', '/btc']) await (await fetch(`http://127.0.0.1:${PORT.web}${path}`)).text();
  for (const [job, port] of [
    ['api', PORT.apiMetrics],
    ['stratum', PORT.stratumMetrics],
    ['web', PORT.webMetrics],
  ] as const)
    scrapes[job] = await scrape(port);
});

afterAll(async () => {
  await prometheus?.stop();
  for (const service of services.reverse()) await service.stop();
  await chain?.stop();
  await folder?.remove();
});

describe.skipIf(missing.length > 0)(
  `metrics, alerts and the dashboard (needs ${missing.join(', ') || 'nothing missing'})`,
  () => {
    it('each process serves its metrics on its own loopback port, none on its public listener', async () => {
      const excerpt = (text: string, pattern: RegExp) =>
        text
          .split('\n')
          .filter((line) => pattern.test(line))
          .slice(0, 6)
          .join('\n');
      console.log(
        `api scrape excerpt:\n${excerpt(scrapes.api!, /^openpool_(ingest_events_total\{coin="ltc"|solvency|owed_coins\{coin="ltc"|wallet|node_up|payouts\{)/)}`,
      );
      console.log(
        `stratum scrape excerpt:\n${excerpt(scrapes.stratum!, /^openpool_(stratum_(jobs|connections|last_job)|node_rpc_duration_seconds_count)/)}`,
      );
      console.log(
        `web scrape excerpt:\n${excerpt(scrapes.web!, /^openpool_web_(render_duration_seconds_count|page_cache_requests)/)}`,
      );
      expect(scrapes.api).toMatch(/^openpool_ingest_events_total\{coin="ltc",source="stratum-ltc",type="network"\} \d+/m);
      expect(scrapes.stratum).toMatch(/^openpool_stratum_last_job_timestamp_seconds\{coin="ltc"\} \d+/m);
      expect(scrapes.web).toMatch(
        /^openpool_web_render_duration_seconds_count\{route="coin-pool",kind="document",status="2xx"\} [1-9]/m,
      );
      expect((await fetch(`${API}/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${PORT.web}/metrics`)).status).toBe(404);
      await until(
        'Prometheus to scrape all three',
        async () => (await prometheus!.query('sum(up{job=~"openpool-.*"})'))[0]?.value[1] === '3',
      );
    });

    it('the dashboard asks only for metrics the processes export, in queries Prometheus accepts', async () => {
      const exported = new Set(Object.values(scrapes).flatMap((text) => [...metricNames(text)]));
      const asked = DASHBOARD.panels.flatMap((panel) =>
        panel.targets.map((target) => ({ panel: panel.title, expr: target.expr })),
      );
      const unknown = asked.flatMap(({ panel, expr }) =>
        metricNamesIn(expr)
          .filter((name) => name !== 'up' && !exported.has(name))
          .map((name) => `${panel}: ${name}`),
      );
      expect(unknown).toEqual([]);
      for (const { expr } of asked) await prometheus!.query(expr.replaceAll('$__rate_interval', '1m'));
      console.log(`dashboard: ${DASHBOARD.panels.length} panels, ${asked.length} queries, every metric found in the scrapes`);
    });

    it('the alert rules ask only for metrics the processes export', () => {
      const exported = new Set(Object.values(scrapes).flatMap((text) => [...metricNames(text)]));
      const unknown = alertsOf(RULES).flatMap((rule) =>
        metricNamesIn(rule.expr).filter((name) => name !== 'up' && !exported.has(name)),
      );
      expect(unknown).toEqual([]);
    });

    it('fires OpenPoolShortfall when miners are owed more than the wallet can spend', async () => {
      // Nothing was owed before the shares (the wallet holds only an immature coinbase).
      expect(marginBefore).toBe('0');
      const alerts = await until(
        'OpenPoolShortfall to fire',
        async () => {
          const alerts = await firing('OpenPoolShortfall');
          return alerts.length > 0 ? alerts : undefined;
        },
        90_000,
        1000,
      );
      console.log(`firing: ${JSON.stringify(alerts.map((alert) => ({ ...alert.labels, value: alert.value })))}`);
      expect(alerts[0]!.labels.coin).toBe('ltc');
      const health = (await (await fetch(`${API}/health`)).json()) as {
        status: string;
        solvency: { coins: { margin: string }[] };
      };
      expect(health.status).toBe('degraded');
      expect(Number(health.solvency.coins[0]!.margin)).toBeLessThan(0);
    });

    it('fires OpenPoolNodeUnreachable when the node stops', async () => {
      expect(await firing('OpenPoolNodeUnreachable')).toEqual([]);
      await chain!.stop();
      chain = undefined;
      const alerts = await until(
        'OpenPoolNodeUnreachable to fire',
        async () => {
          const alerts = await firing('OpenPoolNodeUnreachable');
          return alerts.length > 0 ? alerts : undefined;
        },
        90_000,
        1000,
      );
      console.log(`firing: ${JSON.stringify(alerts.map((alert) => ({ ...alert.labels, value: alert.value })))}`);
      expect(alerts.map((alert) => alert.labels.coin)).toContain('ltc');
    });
  },
);
