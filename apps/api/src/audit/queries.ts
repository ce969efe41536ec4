/**
 * SQL of the audit API (decision 025). A proof reads the leaf by its key and a few 96-byte
 * slices of the stored tree, so it costs the same at 10 miners or 10,000.
 */
import { leafKey, NODE_BYTES, proofPositions, readNode, type AuditKind, type ProofStep } from '@openpool/domain/audit';
import type { AuditList, AuditProof, AuditRecord } from '@openpool/domain/audit-api';
import { toHex } from '@openpool/domain/sha256';
import type { MinedTicker } from '@openpool/domain/events';
import { unitDecimalsOf } from '@openpool/domain/pool-config';
import type { ApiContext } from '../context.ts';

/**
 * The ledger rows of one record, for one address: the PPS run's rows at its boundary, or the
 * block's credit rows (their kind: a PROP block's are 'block'). Read in the ledger_miner index.
 */
const LEDGER_CREDIT = `(select coalesce(sum(l.mature + l.immature), 0)::text from ledger l
  where l.coin = r.coin and l.address = $ADDRESS and l.at >= r.at and l.at < r.at + interval '1 second'
    and (case when r.block_id is null then l.kind = 'pps' and l.block_id is null
              else l.block_id = r.block_id and l.kind = (case r.kind when 'prop' then 'block' else r.kind end) end))`;

interface RecordRow {
  seq: number;
  kind: AuditKind;
  coin: string;
  at: string;
  root: string;
  prev_root: string;
  leaf_count: number;
  credit_total: string;
  ledger_credit: string | null;
}

export async function listRecords(
  ctx: ApiContext,
  chain: string,
  range: { from: number; to: number; after: number; limit: number; address: string | null; root?: string | null },
): Promise<AuditList> {
  const rows = await ctx.db.query<RecordRow>(
    `select r.seq, r.kind, r.coin, extract(epoch from r.at)::bigint::text as at, r.root, r.prev_root, r.leaf_count,
       r.credit_total::text as credit_total,
       case when $5::text is null then null else ${LEDGER_CREDIT.replaceAll('$ADDRESS', '$5')} end as ledger_credit
     from audit_records r
     where r.chain = $1 and r.at >= to_timestamp($2) and r.at < to_timestamp($3) and r.seq > $4
       and ($7::text is null or r.root = $7)
     order by r.seq limit $6`,
    [chain, range.from, range.to, range.after, range.address, range.limit + 1, range.root ?? null],
  );
  const page = rows.rows.slice(0, range.limit);
  return {
    chain,
    results: page.map((row) => ({
      period: row.seq,
      kind: row.kind,
      coin: row.coin,
      at: Number(row.at),
      root: row.root,
      prev_root: row.prev_root,
      leaf_count: row.leaf_count,
      credit_total: row.credit_total,
      ...(row.ledger_credit !== null ? { ledger_credit: row.ledger_credit } : {}),
    })),
    next: rows.rows.length > range.limit ? (page.at(-1)?.seq ?? null) : null,
    unit_decimals: Object.fromEntries(
      [...new Set(page.map((row) => row.coin))].map((coin) => [coin, unitDecimalsOf(ctx.pool, coin as MinedTicker)]),
    ),
  };
}

export async function auditRecord(ctx: ApiContext, chain: string, seq: number): Promise<AuditRecord | null> {
  const row = (
    await ctx.db.query<{
      seq: number;
      kind: AuditKind;
      coin: string;
      at: string;
      inputs: AuditRecord['inputs'];
      leaves_root: string;
      leaf_count: number;
      work_total: string;
      credit_total: string;
      prev_root: string;
      root: string;
    }>(
      `select seq, kind, coin, extract(epoch from at)::bigint::text as at, inputs, leaves_root, leaf_count,
         work_total::text as work_total, credit_total::text as credit_total, prev_root, root
       from audit_records where chain = $1 and seq = $2`,
      [chain, seq],
    )
  ).rows[0];
  if (!row) return null;
  return { v: 1, chain, ...row, at: Number(row.at) };
}

export async function auditProof(ctx: ApiContext, chain: string, seq: number, address: string): Promise<AuditProof | null> {
  const key = leafKey(chain, seq, address);
  // One round trip: the leaf by its key, the ledger's credit, and the slices of the stored tree
  // its proof needs. Level l has ceil(n / 2^l) nodes (as levelSizes says); the sibling of the
  // leaf's ancestor at level l is its index xor 1, absent where a lone last node was carried up.
  const found = (
    await ctx.db.query<{
      idx: number;
      work: [string, string][];
      credit: string;
      leaf_count: number;
      root: string;
      leaves_root: string;
      coin: string;
      ledger_credit: string;
      nodes: Buffer[];
    }>(
      `with leaf as (
         select l.idx, l.work, l.credit from audit_leaves l where l.chain = $1 and l.seq = $2 and l.key = $3
       ), sizes as (
         select lv, ceil(r.leaf_count / power(2, lv))::int as size
         from audit_records r, generate_series(0, 40) as lv
         where r.chain = $1 and r.seq = $2 and ceil(r.leaf_count / power(2, lv)) > 1
       ), siblings as (
         select lv, size, (sum(size) over (order by lv) - size)::int as before, ((select idx from leaf) >> lv) # 1 as sibling
         from sizes
       )
       select leaf.idx, leaf.work, leaf.credit::text as credit, r.leaf_count, r.root, r.leaves_root, r.coin,
         ${LEDGER_CREDIT.replaceAll('$ADDRESS', '$4')} as ledger_credit,
         array(select substring(r.tree from (s.before + s.sibling) * $5 + 1 for $5) from siblings s
               where s.sibling < s.size order by s.lv) as nodes
       from leaf, audit_records r where r.chain = $1 and r.seq = $2`,
      [chain, seq, key, address, NODE_BYTES],
    )
  ).rows[0];
  if (!found) return null;
  const positions = proofPositions(found.leaf_count, found.idx);
  const nodes = found.nodes;
  // The SQL's arithmetic and levelSizes must agree; a disagreement is a bug, never a wrong proof served.
  if (nodes.length !== positions.length)
    throw new Error(`audit proof of ${chain}/${seq}: ${nodes.length} slices for ${positions.length} levels`);
  const proof: ProofStep[] = positions.map(([, , side], i) => {
    const node = readNode(new Uint8Array(nodes[i] ?? Buffer.alloc(NODE_BYTES)));
    return { side, hash: toHex(node.hash), work: node.work.toString(), credit: node.credit.toString() };
  });
  return {
    period: seq,
    root: found.root,
    leaves_root: found.leaves_root,
    leaf_count: found.leaf_count,
    index: found.idx,
    leaf: { key, work: found.work, credit: found.credit },
    proof,
    ledger: { coin: found.coin, credit: found.ledger_credit },
  };
}
