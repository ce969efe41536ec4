// @vitest-environment happy-dom
/**
 * The Verify page's browser check (decision 025) on real audit records: two chained records
 * built with the domain's own functions, served by a stubbed fetch as the API would answer.
 * The marks appear only when the proof, the recomputed credit and the ledger agree; one unit
 * more in the ledger and the page names the period and field.
 */
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildTree,
  GENESIS_ROOT,
  leafKey,
  proofFromTree,
  recordRoot,
  treeRoot,
  type AuditHeader,
  type AuditLeaf,
} from '@openpool/domain/audit';
import { propCredits, difficultyWeight } from '@openpool/domain/rewards';
import { toHex } from '@openpool/domain/sha256';
import { loadCatalogue } from '~/i18n/catalogues';
import { I18nProvider } from '~/i18n/use-t';
import { SiteSettingsContext, type SiteSettings } from '~/platform/site-settings';
import { VerifyView } from './verify-view';
import type { VerifyRow } from './verify-api.server';

const ADDRESS = 'ltc1qverifypage';
const OTHER = 'ltc1qsomeoneelse';
const AT = 1_795_800_000;

/** A PROP block's record paying ADDRESS and OTHER by their work, chained after `prev`. */
function blockRecord(seq: number, prev: string, works: Record<string, number>) {
  const reward = 700_000_000n;
  const split = propCredits(
    reward,
    10_000,
    Object.entries(works).map(([a, w]) => [a, difficultyWeight(w)] as const),
  );
  const leaves: (AuditLeaf & { address: string })[] = Object.entries(works)
    .map(([address, work]) => ({
      address,
      key: leafKey('ltc', seq, address),
      work: [['prop', String(work)]] as [string, string][],
      credit: (split.credits.get(address) ?? 0n).toString(),
    }))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  const plain = leaves.map(({ key, work, credit }) => ({ key, work, credit }));
  const levels = buildTree(plain);
  const top = treeRoot(levels);
  const header: AuditHeader = {
    v: 1,
    chain: 'ltc',
    seq,
    kind: 'prop',
    coin: 'ltc',
    at: AT + seq * 600,
    inputs: {
      height: 100 + seq,
      hash: `ab${seq}`,
      scheme: 'prop',
      reward: reward.toString(),
      fees: '0',
      distributable: reward.toString(),
      fee_ppm: 10_000,
      round: 'prop',
    },
    leaves_root: toHex(top.hash),
    leaf_count: plain.length,
    work_total: top.work.toString(),
    credit_total: top.credit.toString(),
    prev_root: prev,
  };
  const record = { ...header, root: recordRoot(header) };
  const index = leaves.findIndex((leaf) => leaf.address === ADDRESS);
  const proof = {
    period: seq,
    root: record.root,
    leaves_root: record.leaves_root,
    leaf_count: plain.length,
    index,
    leaf: plain[index]!,
    proof: proofFromTree(levels, index),
    ledger: { coin: 'ltc', credit: plain[index]!.credit },
  };
  return { record, proof };
}

const first = blockRecord(1, GENESIS_ROOT, { [ADDRESS]: 30.5, [OTHER]: 10 });
const second = blockRecord(2, first.record.root, { [ADDRESS]: 7.25, [OTHER]: 99 });

let root: Root | undefined;
let host: HTMLElement;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  root?.unmount();
  root = undefined;
  host?.remove();
  vi.unstubAllGlobals();
});

/** The API as the browser would reach it; `ledgerOf` says what the ledger answers for a period. */
function stubApi(ledgerOf: (period: number, credit: string) => string) {
  const records = new Map([
    [1, first],
    [2, second],
  ]);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/ltc/api/v1/audit') {
      return json({
        chain: 'ltc',
        results: [first, second].map(({ record, proof }) => ({
          period: record.seq,
          kind: record.kind,
          coin: record.coin,
          at: record.at,
          root: record.root,
          prev_root: record.prev_root,
          leaf_count: record.leaf_count,
          credit_total: record.credit_total,
          ledger_credit: ledgerOf(record.seq, proof.leaf.credit),
        })),
        next: null,
        unit_decimals: { ltc: 8 },
      });
    }
    const match = /^\/ltc\/api\/v1\/audit\/(\d+)(\/proof\/(.+))?$/.exec(url.pathname);
    const found = match ? records.get(Number(match[1])) : undefined;
    if (!match || !found) return json({ error: 'not_found', message: 'Nothing found' }, 404);
    if (!match[2]) return json(found.record);
    if (decodeURIComponent(match[3]!) !== ADDRESS) return json({ error: 'not_found', message: 'no leaf' }, 404);
    return json({ ...found.proof, ledger: { coin: 'ltc', credit: ledgerOf(found.record.seq, found.proof.leaf.credit) } });
  });
}

const rows: VerifyRow[] = [second, first].map(({ record, proof }) => ({
  period: record.seq,
  kind: 'prop',
  coin: 'ltc',
  at: record.at,
  units: proof.leaf.credit,
  amount: '1',
}));

async function renderView(): Promise<HTMLElement> {
  const i18n = await loadCatalogue('en');
  const Stub = createRoutesStub([
    {
      path: '/ltc/miner/verify/:address',
      Component: () => <VerifyView coin="ltc" address={ADDRESS} rows={rows} to={AT + 3600} />,
    },
  ]);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  root.render(
    <SiteSettingsContext value={{ apiBaseUrl: 'http://api.test' } as SiteSettings}>
      <I18nProvider i18n={i18n}>
        <Stub initialEntries={[`/ltc/miner/verify/${ADDRESS}`]} />
      </I18nProvider>
    </SiteSettingsContext>,
  );
  // The signal: the status leaves 'checking' when the browser's check is done.
  await vi.waitFor(() =>
    expect(host.querySelector('[data-testid="verify-status"]')?.getAttribute('data-state')).toMatch(/^(ok|mismatch|failed)$/),
  );
  return host;
}

describe('the Verify page’s browser check', () => {
  it('marks every credit that the proof, the recomputation and the ledger agree on', async () => {
    stubApi((_period, credit) => credit);
    const page = await renderView();
    expect(page.querySelector('[data-testid="verify-status"]')?.getAttribute('data-state')).toBe('ok');
    const marks = [...page.querySelectorAll('[data-testid="verify-mark"]')].map((mark) => mark.getAttribute('data-ok'));
    expect(marks).toEqual(['true', 'true']);
    expect(page.textContent).toContain('All agree: 2 periods checked');
    // The command's flags, isolated so a right-to-left page cannot reorder their dashes.
    expect(page.textContent).toContain('any date range (\u2068--from\u2069, \u2068--to\u2069)');
    expect(page.textContent).toContain(`npm run verify -- --api http://api.test --coin ltc --address ${ADDRESS}`);
    // Headings at the page's start, and each credit a left-to-right figure inside a cell that keeps
    // the page's direction: 'left' headings and a left-to-right cell stood apart in Persian.
    const headings = [...page.querySelectorAll('thead th')].slice(0, 4).map((th) => th.className);
    expect(headings.every((name) => /\btext-(start|end)\b/.test(name) && !/\btext-(left|right)\b/.test(name))).toBe(true);
    expect(page.querySelector('thead tr')?.className).not.toMatch(/text-(left|right)/);
    const credit = page.querySelector('[data-testid="verify-row"] td:nth-child(4)');
    expect(credit?.hasAttribute('dir')).toBe(false);
    expect(credit?.querySelector('bdi[dir="ltr"]')?.textContent).toBe('1.000000 LTC');
  });

  it('names the period and field when the ledger credited one unit more than the record proves', async () => {
    stubApi((period, credit) => (period === 2 ? (BigInt(credit) + 1n).toString() : credit));
    const page = await renderView();
    expect(page.querySelector('[data-testid="verify-status"]')?.getAttribute('data-state')).toBe('mismatch');
    expect(page.textContent).toContain('Mismatch in period 2: ledger should be');
    const marks = [...page.querySelectorAll('[data-testid="verify-mark"]')].map((mark) => mark.getAttribute('data-ok'));
    // Rows are newest first: period 2 differs; the check stopped there, so period 1 has no mark either.
    expect(marks).toEqual(['false', null]);
  });
});
