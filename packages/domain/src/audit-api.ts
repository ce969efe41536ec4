/**
 * Payload schemas of the public audit API (decision 025), shared by the API (validation and
 * OpenAPI), the standalone verifier and the Verify page. Unlike the rest of the API, amounts
 * here are integer strings in the coin's smallest units: they are what the formulas compute,
 * and a verifier re-derives them to the unit.
 */
import { z } from 'zod';
import { AUDIT_KINDS } from './audit.ts';

const units = z.string().regex(/^\d+$/).describe('integer, smallest units of the coin');
/** The ledger's side may be anything a database holds, a negative sum included: the verifier judges it. */
const signedUnits = z
  .string()
  .regex(/^-?\d+$/)
  .describe('integer, smallest units of the coin');
const hash = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .describe('SHA-256, lower-case hex');
const unixSeconds = z.number().int().describe('unix seconds');
const decimalFloat = z.string().max(40).describe('a float as its shortest decimal form (JavaScript String(number))');

const sampleSchema = z.object({
  at: z.number().int().describe('unix milliseconds'),
  difficulty: decimalFloat,
  weight: decimalFloat,
});

export const ppsInputsSchema = z.object({
  fee_ppm: z.number().int(),
  hours: z.array(
    z.object({
      hour: unixSeconds,
      priced_by: unixSeconds,
      samples: z.array(sampleSchema),
      difficulty: decimalFloat,
      reward: units,
    }),
  ),
  held: z.array(z.object({ hour: unixSeconds, total: units })),
});

export const blockInputsSchema = z.object({
  height: z.number().int(),
  hash: z.string().max(128),
  scheme: z.string().max(16),
  reward: units,
  fees: units,
  distributable: units,
  fee_ppm: z.number().int(),
  round: z.string().max(64),
});

/** A record's header (what its root hashes) and its root. */
export const auditRecordSchema = z.object({
  v: z.number().int(),
  chain: z.string(),
  seq: z.number().int().positive(),
  kind: z.enum(AUDIT_KINDS as [string, ...string[]]),
  coin: z.string(),
  at: unixSeconds,
  inputs: z.union([ppsInputsSchema, blockInputsSchema]),
  leaves_root: hash,
  leaf_count: z.number().int().nonnegative(),
  work_total: units.describe('sum of the leaves’ work weights, atto-difficulty (1e-18)'),
  credit_total: units,
  prev_root: hash,
  root: hash,
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditListSchema = z.object({
  chain: z.string(),
  results: z.array(
    z.object({
      period: z.number().int().positive(),
      kind: z.enum(AUDIT_KINDS as [string, ...string[]]),
      coin: z.string(),
      at: unixSeconds,
      root: hash,
      prev_root: hash,
      leaf_count: z.number().int().nonnegative(),
      credit_total: units,
      ledger_credit: signedUnits
        .optional()
        .describe('with `address`: what the ledger credited that address in this period (0 when nothing)'),
    }),
  ),
  next: z.number().int().nullable().describe('pass as `after` for the next page; null on the last'),
  unit_decimals: z
    .record(z.string(), z.number().int())
    .describe('for each coin of the page: its smallest unit is 10^-n of a coin (8: a credit of 150000000 is 1.5)'),
});
export type AuditList = z.infer<typeof auditListSchema>;

const proofStepSchema = z.object({ side: z.enum(['left', 'right']), hash, work: units, credit: units });

export const auditProofSchema = z.object({
  period: z.number().int().positive(),
  root: hash,
  leaves_root: hash,
  leaf_count: z.number().int(),
  index: z.number().int().nonnegative(),
  leaf: z.object({
    key: hash,
    work: z.array(z.tuple([z.string(), decimalFloat])),
    credit: units,
  }),
  proof: z.array(proofStepSchema),
  ledger: z.object({ coin: z.string(), credit: signedUnits.describe('what the ledger credited this address in this period') }),
});
export type AuditProof = z.infer<typeof auditProofSchema>;
