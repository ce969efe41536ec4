/**
 * Writes audit records (decision 025) inside the engine's transaction, beside the ledger rows
 * of the same period: the records' format and formulas are packages/domain's audit.ts; this
 * only numbers them in their chain, hashes them and stores them. A family's batches run one
 * at a time (engine.ts), so reading a chain's last record and appending to it cannot race.
 */
import type pg from 'pg';
import {
  AUDIT_VERSION,
  buildTree,
  GENESIS_ROOT,
  leafKey,
  recordRoot,
  serializeTree,
  treeRoot,
  type AuditHeader,
  type AuditKind,
  type AuditLeaf,
  type BlockInputs,
  type PpsInputs,
} from '@openpool/domain/audit';
import { toHex } from '@openpool/domain/sha256';
import { hash } from 'node:crypto';

/** node:crypto's SHA-256: the digest the domain's pure one gives (held to it by sha256.test.ts), faster. */
const nodeSha256 = (data: Uint8Array): Uint8Array => hash('sha256', data, 'buffer');

/** A period's record before it has its place in the chain. */
export interface AuditDraft {
  chain: string;
  kind: AuditKind;
  coin: string;
  /** Unix milliseconds. */
  at: number;
  blockId?: number;
  inputs: PpsInputs | BlockInputs;
  /** Per address: the difficulty counted (labelled) and the credit given. */
  miners: ReadonlyMap<string, { work: [string, string][]; credit: bigint }>;
}

/** Where drafts go: off (benches measure the engine without it), or written in order. */
export type AuditWriter = (client: pg.PoolClient, drafts: readonly AuditDraft[]) => Promise<void>;

export const writeAuditRecords: AuditWriter = async (client, drafts) => {
  const tips = new Map<string, { seq: number; root: string }>();
  for (const draft of drafts) {
    let tip = tips.get(draft.chain);
    if (!tip) {
      const last = await client.query<{ seq: number; root: string }>(
        'select seq, root from audit_records where chain = $1 order by seq desc limit 1',
        [draft.chain],
      );
      tip = last.rows[0] ?? { seq: 0, root: GENESIS_ROOT };
    }
    const seq = tip.seq + 1;
    // Leaves in key order: their place says nothing about the miners (not even who came first).
    const leaves: AuditLeaf[] = [...draft.miners]
      .map(([address, miner]) => ({
        key: leafKey(draft.chain, seq, address, nodeSha256),
        work: miner.work,
        credit: miner.credit.toString(),
      }))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    const levels = buildTree(leaves, nodeSha256);
    const top = treeRoot(levels);
    const header: AuditHeader = {
      v: AUDIT_VERSION,
      chain: draft.chain,
      seq,
      kind: draft.kind,
      coin: draft.coin,
      at: Math.floor(draft.at / 1000),
      inputs: draft.inputs,
      leaves_root: toHex(top.hash),
      leaf_count: leaves.length,
      work_total: top.work.toString(),
      credit_total: top.credit.toString(),
      prev_root: tip.root,
    };
    const root = recordRoot(header);
    await client.query(
      `insert into audit_records (chain, seq, kind, coin, at, block_id, inputs, leaves_root, leaf_count, work_total, credit_total, prev_root, root, tree)
       values ($1, $2, $3, $4, to_timestamp($5), $6, $7::jsonb, $8, $9, $10::numeric, $11::numeric, $12, $13, $14)`,
      [
        header.chain,
        seq,
        header.kind,
        header.coin,
        header.at,
        draft.blockId ?? null,
        JSON.stringify(header.inputs),
        header.leaves_root,
        header.leaf_count,
        header.work_total,
        header.credit_total,
        header.prev_root,
        root,
        Buffer.from(serializeTree(levels)),
      ],
    );
    if (leaves.length > 0)
      await client.query(
        `insert into audit_leaves (chain, seq, key, idx, work, credit)
         select $1, $2, k, i - 1, w::jsonb, c::numeric from unnest($3::text[], $4::text[], $5::text[]) with ordinality as u(k, w, c, i)`,
        [header.chain, seq, leaves.map((l) => l.key), leaves.map((l) => JSON.stringify(l.work)), leaves.map((l) => l.credit)],
      );
    tips.set(draft.chain, { seq, root });
  }
};
