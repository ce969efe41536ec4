/**
 * The audit verifier (decision 025): given only the public API, it walks a coin's chain of
 * audit records over a time range and, for one address, checks that every record's root is
 * the hash of what it publishes, that each carries the root of the one before, that the
 * miner's leaf hashes up to the record's leaves root, that the leaf's credit is what the
 * documented formulas give from the published inputs, and that the ledger credited exactly
 * that. The command line (`npm run verify`) and the Verify page run this same code; the HTTP
 * call is handed in, so nothing here knows our servers.
 */
import { checkInputs, expectedCredit, leafKey, proofPositions, recordRoot, rootFromProof, type AuditHeader } from './audit.ts';
import type { AuditList, AuditProof, AuditRecord } from './audit-api.ts';
import { toHex } from './sha256.ts';

/** An HTTP GET of a path of the API, answering its status and parsed JSON body. */
export type AuditGet = (path: string) => Promise<{ status: number; body: unknown }>;

export interface VerifyRequest {
  coin: string;
  address: string;
  /** Unix seconds; default the API's (the last 24 hours). */
  from?: number;
  to?: number;
  get: AuditGet;
  /** Told of each period as it is checked (the command line prints progress). */
  onPeriod?: (period: number, checked: PeriodCheck) => void;
  /**
   * Schemas the answers are held to (audit-api.ts's zod schemas: the command line passes them).
   * Without them (the browser ships no zod, decision 005) answers are taken as they come: a
   * malformed one cannot pass the hash checks, it fails them or throws.
   */
  schemas?: { list: Schema<AuditList>; record: Schema<AuditRecord>; proof: Schema<AuditProof> };
}

export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

export interface PeriodCheck {
  period: number;
  kind: string;
  coin: string;
  at: number;
  /** The miner's credit in the period, smallest units; null: no leaf (not in this period). */
  credit: bigint | null;
}

export interface VerifyMismatch {
  ok: false;
  period: number | null;
  field: string;
  expected: string;
  found: string;
  message: string;
}

export interface VerifySummary {
  ok: true;
  periods: number;
  /** Periods where the address has a leaf. */
  credited: number;
  /** The address's verified credits per coin, smallest units. */
  totals: Record<string, bigint>;
  first: number | null;
  last: number | null;
  lastRoot: string | null;
  checks: PeriodCheck[];
  /** Every root of the checked chain, the record before the range's included, with its record's time. */
  roots: Map<string, number>;
}

export type VerifyResult = VerifySummary | VerifyMismatch;

class Mismatch extends Error {
  readonly period: number | null;
  readonly field: string;
  readonly expected: string;
  readonly found: string;
  constructor(period: number | null, field: string, expected: string, found: string) {
    super(`${period === null ? '' : `period ${period}: `}${field}: expected ${expected}, found ${found}`);
    this.period = period;
    this.field = field;
    this.expected = expected;
    this.found = found;
  }
}

function query(params: Record<string, string | number | undefined>): string {
  const parts = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

async function getOk(get: AuditGet, path: string, period: number | null): Promise<unknown> {
  const answer = await get(path);
  if (answer.status !== 200) {
    const message = (answer.body as { message?: string } | null)?.message ?? '';
    throw new Mismatch(period, `GET ${path}`, 'status 200', `status ${answer.status}${message ? ` (${message})` : ''}`);
  }
  return answer.body;
}

function parsed<T>(schema: Schema<T> | undefined, value: unknown, period: number | null, what: string): T {
  if (!schema) return value as T;
  const result = schema.safeParse(value);
  if (!result.success) throw new Mismatch(period, what, 'a well-formed answer', result.error.message.slice(0, 300));
  return result.data;
}

async function fetchRecord(request: VerifyRequest, period: number): Promise<AuditRecord> {
  const body = await getOk(request.get, `/${encodeURIComponent(request.coin)}/api/v1/audit/${period}`, period);
  return parsed(request.schemas?.record, body, period, 'record');
}

function headerOf(record: AuditRecord): AuditHeader {
  const header: Partial<AuditRecord> = { ...record };
  delete header.root;
  return header as AuditHeader;
}

export async function verifyMiner(request: VerifyRequest): Promise<VerifyResult> {
  try {
    return await run(request);
  } catch (error) {
    if (error instanceof Mismatch)
      return {
        ok: false,
        period: error.period,
        field: error.field,
        expected: error.expected,
        found: error.found,
        message: error.message,
      };
    throw error;
  }
}

async function run(request: VerifyRequest): Promise<VerifySummary> {
  const { coin, address, get } = request;
  // The periods of the range, and what the ledger credited the address in each.
  const ledgerCredits = new Map<number, string | undefined>();
  const listed = new Map<number, { root: string; prev_root: string }>();
  for (let after: number | null = 0; after !== null;) {
    const body = await getOk(
      get,
      `/${encodeURIComponent(coin)}/api/v1/audit${query({ from: request.from, to: request.to, address, after: after || undefined })}`,
      null,
    );
    const page = parsed(request.schemas?.list, body, null, 'list');
    for (const row of page.results) {
      ledgerCredits.set(row.period, row.ledger_credit);
      listed.set(row.period, { root: row.root, prev_root: row.prev_root });
    }
    after = page.next;
  }
  const summary: VerifySummary = {
    ok: true,
    periods: 0,
    credited: 0,
    totals: {},
    first: null,
    last: null,
    lastRoot: null,
    checks: [],
    roots: new Map(),
  };
  if (listed.size === 0) return summary;
  const first = Math.min(...listed.keys());
  const last = Math.max(...listed.keys());
  summary.first = first;
  summary.last = last;
  // The record before the range, so the range's first link is checked too.
  let previousRoot: string | null = null;
  if (first > 1) {
    const before = await fetchRecord(request, first - 1);
    const root = recordRoot(headerOf(before));
    if (root !== before.root) throw new Mismatch(first - 1, 'root', root, before.root);
    previousRoot = before.root;
    summary.roots.set(before.root, before.at);
  }
  // Every period between the first and the last, listed or not (a record written late can sit
  // outside the time range): a chain has no gaps.
  for (let period = first; period <= last; period++) {
    const record = await fetchRecord(request, period);
    if (record.seq !== period) throw new Mismatch(period, 'seq', String(period), String(record.seq));
    if (record.chain !== coin) throw new Mismatch(period, 'chain', coin, record.chain);
    const header = headerOf(record);
    const root = recordRoot(header);
    if (root !== record.root) throw new Mismatch(period, 'root', root, record.root);
    const listing = listed.get(period);
    if (listing && listing.root !== record.root) throw new Mismatch(period, 'list.root', record.root, listing.root);
    if (previousRoot !== null && record.prev_root !== previousRoot)
      throw new Mismatch(period, 'prev_root', previousRoot, record.prev_root);
    if (period === 1 && record.prev_root !== '0'.repeat(64))
      throw new Mismatch(period, 'prev_root', '0'.repeat(64), record.prev_root);
    const inputs = checkInputs(header);
    if (inputs) throw new Mismatch(period, inputs.field, inputs.expected, inputs.found);
    const credit = await checkLeaf(request, record, header, ledgerCredits.get(period));
    const check: PeriodCheck = { period, kind: record.kind, coin: record.coin, at: record.at, credit };
    summary.checks.push(check);
    summary.periods += 1;
    if (credit !== null) {
      summary.credited += 1;
      summary.totals[record.coin] = (summary.totals[record.coin] ?? 0n) + credit;
    }
    request.onPeriod?.(period, check);
    previousRoot = record.root;
    summary.roots.set(record.root, record.at);
  }
  summary.lastRoot = previousRoot;
  return summary;
}

/** The miner's leaf in one record: present and proven, its credit recomputed, the ledger agreeing. */
async function checkLeaf(
  request: VerifyRequest,
  record: AuditRecord,
  header: AuditHeader,
  ledgerCredit: string | undefined,
): Promise<bigint | null> {
  const period = record.seq;
  const answer = await request.get(
    `/${encodeURIComponent(request.coin)}/api/v1/audit/${period}/proof/${encodeURIComponent(request.address)}`,
  );
  if (answer.status === 404) {
    // No leaf: the ledger must not have credited the address in this period either.
    if (ledgerCredit !== undefined && ledgerCredit !== '0') throw new Mismatch(period, 'ledger', '0 (no leaf)', ledgerCredit);
    return null;
  }
  if (answer.status !== 200) throw new Mismatch(period, 'proof', 'status 200 or 404', `status ${answer.status}`);
  const proof = parsed(request.schemas?.proof, answer.body, period, 'proof');
  const key = leafKey(record.chain, period, request.address);
  if (proof.leaf.key !== key) throw new Mismatch(period, 'leaf.key', key, proof.leaf.key);
  if (proof.leaves_root !== record.leaves_root)
    throw new Mismatch(period, 'proof.leaves_root', record.leaves_root, proof.leaves_root);
  // The path must have the shape of the leaf's place in a tree of leaf_count leaves.
  const sides = proofPositions(record.leaf_count, proof.index)
    .map(([, , side]) => side)
    .join(',');
  const given = proof.proof.map((step) => step.side).join(',');
  if (proof.index >= record.leaf_count || sides !== given) throw new Mismatch(period, 'proof.path', sides, given);
  const top = rootFromProof(proof.leaf, proof.proof);
  if (toHex(top.hash) !== record.leaves_root) throw new Mismatch(period, 'leaves_root', record.leaves_root, toHex(top.hash));
  if (top.work.toString() !== record.work_total) throw new Mismatch(period, 'work_total', top.work.toString(), record.work_total);
  if (top.credit.toString() !== record.credit_total)
    throw new Mismatch(period, 'credit_total', top.credit.toString(), record.credit_total);
  const expected = expectedCredit(header, proof.leaf);
  if (expected.toString() !== proof.leaf.credit) throw new Mismatch(period, 'credit', expected.toString(), proof.leaf.credit);
  if (proof.ledger.credit !== proof.leaf.credit) throw new Mismatch(period, 'ledger', proof.leaf.credit, proof.ledger.credit);
  if (ledgerCredit !== undefined && ledgerCredit !== proof.leaf.credit)
    throw new Mismatch(period, 'ledger', proof.leaf.credit, ledgerCredit);
  return expected;
}
