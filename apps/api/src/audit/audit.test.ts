/**
 * Audit records against the real engine on real PostgreSQL (decision 025): for random event
 * sequences the verifier, fed only the public API, re-derives exactly the ledger's credits;
 * tampering with one credit, one input, one leaf or one record in PostgreSQL is caught and named.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '@openpool/domain/events';
import { verifyMiner, type VerifyResult } from '@openpool/domain/audit-verify';
import { recordRoot, rootFromProof, type AuditHeader } from '@openpool/domain/audit';
import { toHex } from '@openpool/domain/sha256';
import { writeAuditRecords } from '../engine/audit.ts';
import {
  auditListSchema,
  auditProofSchema,
  auditRecordSchema,
  type AuditProof,
  type AuditRecord,
} from '@openpool/domain/audit-api';
import { createHarness, type Harness } from '../testing/harness.ts';
import { stopTestServer } from '../testing/database.ts';

const T0 = Date.UTC(2026, 10, 27, 0, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const MINERS = [
  'ltc1qminera0000000000000000000000000000aaaa',
  'ltc1qminerb0000000000000000000000000000bbbb',
  'ltc1qminerc0000000000000000000000000000cccc',
  'ltc1qminerd0000000000000000000000000000dddd',
];
/** Ledger kinds that credit a period (confirm, orphan, payout and reset move balances, not credits). */
const CREDIT_KINDS = ['pps', 'block', 'solo', 'fee_share', 'merge'];

afterAll(async () => {
  await stopTestServer();
});

type Step =
  | { t: 'share'; miner: number; scheme: 'pps' | 'prop' | 'solo'; difficulty: number; valid: boolean; gap: number }
  | { t: 'network'; difficulty: number; gap: number }
  | { t: 'block'; scheme: 'pps' | 'prop' | 'solo'; miner: number; reward: number; fees: number; gap: number }
  | { t: 'merged'; miner: number; reward: number; gap: number };

const gap = fc.integer({ min: 0, max: 25 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('share' as const),
      miner: fc.nat({ max: MINERS.length - 1 }),
      scheme: fc.constantFrom('pps' as const, 'prop' as const, 'solo' as const),
      difficulty: fc.double({ min: 0.01, max: 500, noNaN: true }),
      valid: fc.boolean(),
      gap,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('network' as const),
      difficulty: fc.double({ min: 900, max: 5000, noNaN: true }),
      gap,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('block' as const),
      scheme: fc.constantFrom('pps' as const, 'prop' as const, 'solo' as const),
      miner: fc.nat({ max: MINERS.length - 1 }),
      reward: fc.integer({ min: 1, max: 700_000_000 }),
      fees: fc.integer({ min: 0, max: 90_000_000 }),
      gap,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('merged' as const),
      miner: fc.nat({ max: MINERS.length - 1 }),
      reward: fc.integer({ min: 1, max: 10 ** 12 }),
      gap,
    }),
  },
);

/** The steps as ingest events, in time order from T0, closed by a sample and a share hours later so every PPS hour is run. */
function eventsOf(steps: readonly Step[]): IngestEvent[] {
  let seq = 0;
  let at = T0;
  let height = 1000;
  const events: IngestEvent[] = [
    { type: 'network', seq: ++seq, coin: 'ltc', difficulty: 1200.5, hashrate: 1e12, height: height, reward: '625000000', at },
  ];
  for (const s of steps) {
    at += s.gap * MIN;
    if (s.t === 'share')
      events.push({
        type: 'share',
        seq: ++seq,
        coin: 'ltc',
        address: MINERS[s.miner]!,
        worker: 'rig',
        scheme: s.scheme,
        difficulty: s.difficulty,
        status: s.valid ? 'valid' : 'stale',
        ip: '203.0.113.7',
        at,
      });
    else if (s.t === 'network')
      events.push({
        type: 'network',
        seq: ++seq,
        coin: 'ltc',
        difficulty: s.difficulty,
        hashrate: 1e12,
        height: ++height,
        reward: '625000000',
        at,
      });
    else if (s.t === 'block') {
      const reward = Math.max(s.reward, s.fees);
      events.push({
        type: 'block',
        seq: ++seq,
        coin: 'ltc',
        height: ++height,
        hash: `ab${seq.toString(16).padStart(8, '0')}`,
        finder: MINERS[s.miner]!,
        scheme: s.scheme,
        reward: String(reward),
        fees: String(s.fees),
        at,
      });
    } else
      events.push({
        type: 'block',
        seq: ++seq,
        coin: 'doge',
        merged_from: 'ltc',
        height: ++height,
        hash: `d0${seq.toString(16).padStart(8, '0')}`,
        finder: MINERS[s.miner]!,
        scheme: 'prop',
        reward: String(s.reward),
        fees: '0',
        at,
      });
  }
  const end = at + 3 * HOUR;
  events.push({
    type: 'network',
    seq: ++seq,
    coin: 'ltc',
    difficulty: 1300,
    hashrate: 1e12,
    height: ++height,
    reward: '625000000',
    at: end,
  });
  return events;
}

/** A record as the API answers it, without its root: what the root hashes. */
function headerOf(record: AuditRecord): AuditHeader {
  const header: Partial<AuditRecord> = { ...record };
  delete header.root;
  return header as AuditHeader;
}

const get = (h: Harness) => async (path: string) => {
  const answer = await h.get(path);
  return { status: answer.statusCode, body: answer.body };
};

async function verify(h: Harness, address: string): Promise<VerifyResult> {
  return verifyMiner({
    coin: 'ltc',
    address,
    from: T0 / 1000 - 3600,
    to: T0 / 1000 + 3 * 86_400,
    get: get(h),
    schemas: { list: auditListSchema, record: auditRecordSchema, proof: auditProofSchema },
  });
}

/** What the ledger credited an address, per coin, straight from PostgreSQL. */
async function ledgerCredits(h: Harness, address: string): Promise<Record<string, bigint>> {
  const rows = await h.db.pool.query<{ coin: string; credit: string }>(
    `select coin, sum(mature + immature)::text as credit from ledger where address = $1 and kind = any($2) group by coin`,
    [address, CREDIT_KINDS],
  );
  return Object.fromEntries(rows.rows.map((row) => [row.coin, BigInt(row.credit)]).filter(([, credit]) => credit !== 0n));
}

async function withPool(events: IngestEvent[], run: (h: Harness) => Promise<void>): Promise<void> {
  const h = await createHarness(events.at(-1)!.at + HOUR, { testChains: ['ltc', 'doge'] });
  try {
    const response = await h.ingest('audit-test', events);
    expect(response.statusCode).toBe(200);
    await run(h);
  } finally {
    await h.close();
  }
}

describe('audit records', () => {
  it('let the verifier re-derive exactly every credit of the ledger, for random event sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 60 }), async (steps) => {
        await withPool(eventsOf(steps), async (h) => {
          for (const address of MINERS) {
            const result = await verify(h, address);
            if (!result.ok) throw new Error(result.message);
            const totals = Object.fromEntries(Object.entries(result.totals).filter(([, credit]) => credit !== 0n));
            expect(totals).toEqual(await ledgerCredits(h, address));
          }
        });
      }),
      { numRuns: 6 },
    );
    // Six fresh pools on PostgreSQL: on a loaded 2-core machine that takes more than the default 30 s.
  }, 240_000);

  // One history with PPS hours, PROP, SOLO and PPS+ blocks and a merged doge block for miner A.
  const fixed: Step[] = [
    { t: 'share', miner: 0, scheme: 'pps', difficulty: 64.5, valid: true, gap: 1 },
    { t: 'share', miner: 1, scheme: 'pps', difficulty: 12.25, valid: true, gap: 5 },
    { t: 'share', miner: 0, scheme: 'prop', difficulty: 30, valid: true, gap: 5 },
    { t: 'share', miner: 1, scheme: 'prop', difficulty: 10, valid: true, gap: 5 },
    { t: 'network', difficulty: 1500.75, gap: 5 },
    { t: 'block', scheme: 'prop', miner: 1, reward: 700_000_000, fees: 75_000_000, gap: 5 },
    { t: 'merged', miner: 1, reward: 1_000_000_000_000, gap: 1 },
    { t: 'share', miner: 0, scheme: 'solo', difficulty: 99, valid: true, gap: 50 },
    { t: 'block', scheme: 'solo', miner: 0, reward: 700_000_000, fees: 0, gap: 5 },
    { t: 'share', miner: 0, scheme: 'pps', difficulty: 7.125, valid: true, gap: 30 },
    { t: 'block', scheme: 'pps', miner: 1, reward: 700_000_000, fees: 60_000_000, gap: 5 },
  ];
  const A = MINERS[0]!;

  it('covers PPS, PROP, SOLO, PPS+ fee shares and merged credits in one history', async () => {
    await withPool(eventsOf(fixed), async (h) => {
      const result = await verify(h, A);
      if (!result.ok) throw new Error(result.message);
      expect(new Set(result.checks.filter((c) => c.credit !== null).map((c) => c.kind))).toEqual(
        new Set(['pps', 'prop', 'solo', 'fee_share', 'merge']),
      );
      expect(result.totals).toEqual(await ledgerCredits(h, A));
    });
  });

  it('documents the audit routes and answers bad input with 400 or 404, never a 500', async () => {
    await withPool(eventsOf(fixed), async (h) => {
      const doc = (await h.get<{ paths: Record<string, unknown> }>('/openapi.json')).body;
      for (const path of [
        '/{coin}/api/v1/audit',
        '/{coin}/api/v1/audit/{period}',
        '/{coin}/api/v1/audit/{period}/proof/{address}',
      ])
        expect(Object.keys(doc.paths)).toContain(path);
      const status = async (url: string) => (await h.get(url)).statusCode;
      expect(await status('/ltc/api/v1/audit/abc')).toBe(400);
      expect(await status('/ltc/api/v1/audit/0')).toBe(400);
      expect(await status('/ltc/api/v1/audit/99999')).toBe(404);
      expect(await status('/nosuchcoin/api/v1/audit')).toBe(404);
      expect(await status('/ltc/api/v1/audit?from=100&to=50')).toBe(400);
      expect(await status('/ltc/api/v1/audit?from=-1')).toBe(400);
      expect(await status('/ltc/api/v1/audit?root=zz')).toBe(400);
      expect(await status(`/ltc/api/v1/audit/1/proof/${'x'.repeat(300)}`)).toBe(400);
      expect(await status('/ltc/api/v1/audit/1/proof/ltc1qnobody')).toBe(404);
      // A record found by its root, as a coinbase commitment names it.
      const record = (await h.get<AuditRecord>('/ltc/api/v1/audit/2')).body;
      const byRoot = await h.get<{ results: { period: number }[] }>(
        `/ltc/api/v1/audit?from=0&to=253402300799&root=${record.root}`,
      );
      expect(byRoot.body.results.map((r) => r.period)).toEqual([2]);
    });
  });

  it('serves a proof that hashes to the root for every leaf of trees of any shape', async () => {
    await withPool(eventsOf([]), async (h) => {
      for (const count of [1, 2, 3, 7, 37, 64, 100]) {
        const miners = new Map(
          Array.from({ length: count }, (_, i) => [
            `ltc1qshape${count}x${i}`,
            { work: [['prop', String(1.5 + i)]] as [string, string][], credit: BigInt(1000 + i) },
          ]),
        );
        const client = await h.db.pool.connect();
        try {
          await writeAuditRecords(client, [
            {
              chain: 'ltc',
              kind: 'prop',
              coin: 'ltc',
              at: T0,
              inputs: {
                height: count,
                hash: `ee${count}`,
                scheme: 'prop',
                reward: '0',
                fees: '0',
                distributable: '0',
                fee_ppm: 0,
                round: 'prop',
              },
              miners,
            },
          ]);
        } finally {
          client.release();
        }
        const list = await h.get<{ results: { period: number }[] }>(`/ltc/api/v1/audit?from=0&to=253402300799`);
        const period = list.body.results.at(-1)!.period;
        const record = (await h.get<AuditRecord>(`/ltc/api/v1/audit/${period}`)).body;
        for (const address of miners.keys()) {
          const proof = (await h.get<AuditProof>(`/ltc/api/v1/audit/${period}/proof/${address}`)).body;
          expect(toHex(rootFromProof(proof.leaf, proof.proof).hash)).toBe(record.leaves_root);
        }
      }
    });
  });

  it('names the period and field when one credit, input, leaf or record was changed in PostgreSQL', async () => {
    await withPool(eventsOf(fixed), async (h) => {
      const db = h.db.pool;
      const prop = (await db.query<{ seq: number }>(`select seq from audit_records where kind = 'prop' and coin = 'ltc'`))
        .rows[0]!.seq;
      const expectFailure = async (field: string, period: number) => {
        const result = await verify(h, A);
        expect(result.ok).toBe(false);
        if (!result.ok) expect({ field: result.field, period: result.period }).toEqual({ field, period });
        return result;
      };

      // A ledger credit one unit short.
      await db.query(`update ledger set immature = immature - 1 where kind = 'block' and address = $1`, [A]);
      const ledger = await expectFailure('ledger', prop);
      if (!ledger.ok)
        expect([ledger.expected, BigInt(ledger.found) + 1n].map(String)).toEqual([ledger.expected, ledger.expected]);
      await db.query(`update ledger set immature = immature + 1 where kind = 'block' and address = $1`, [A]);
      expect((await verify(h, A)).ok).toBe(true);

      // An input: the PROP block's fee.
      await db.query(`update audit_records set inputs = jsonb_set(inputs, '{fee_ppm}', '0') where seq = $1`, [prop]);
      await expectFailure('root', prop);
      await db.query(`update audit_records set inputs = jsonb_set(inputs, '{fee_ppm}', '10000') where seq = $1`, [prop]);
      expect((await verify(h, A)).ok).toBe(true);

      // A leaf's credit (the record's root untouched): the leaf no longer hashes to the leaves root.
      await db.query(`update audit_leaves set credit = credit + 1 where seq = $1`, [prop]);
      await expectFailure('leaves_root', prop);
      await db.query(`update audit_leaves set credit = credit - 1 where seq = $1`, [prop]);

      // A record rewritten consistently (its fee and its root recomputed): its credits no longer follow from its inputs.
      const rewrite = async (period: number, change: (header: AuditHeader) => AuditHeader) => {
        const record = (await h.get<AuditRecord>(`/ltc/api/v1/audit/${period}`)).body;
        const changed = change(headerOf(record));
        await db.query(`update audit_records set inputs = $2::jsonb, prev_root = $3, root = $4 where seq = $1`, [
          period,
          JSON.stringify(changed.inputs),
          changed.prev_root,
          recordRoot(changed),
        ]);
        return record;
      };
      const original = await rewrite(prop, (header) => ({ ...header, inputs: { ...header.inputs, fee_ppm: 0 } }));
      await expectFailure('credit', prop);
      // The next record still names the old root: a chain rewritten from here on would change every later root.
      const rewritten = await verifyMiner({
        coin: 'ltc',
        address: MINERS[1]!,
        from: T0 / 1000 - 3600,
        to: T0 / 1000 + 3 * 86_400,
        get: get(h),
      });
      expect(rewritten.ok).toBe(false);
      await rewrite(prop, () => headerOf(original));
      expect((await verify(h, A)).ok).toBe(true);

      // A record whose previous root does not match the record before it, its own root recomputed.
      await rewrite(prop, (header) => ({ ...header, prev_root: 'f'.repeat(64) }));
      const broken = await expectFailure('prev_root', prop);
      if (!broken.ok) expect(broken.found).toBe('f'.repeat(64));
    });
  });
});
