/**
 * The API's layers are a lint rule (eslint.config.js, decision 021): these probes hold the
 * rule to its word, so a change that loosens it fails here.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: ROOT });

async function restricted(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}apps/api/src/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the API’s layers', () => {
  it('refuse an import from a lower layer into a higher one', async () => {
    // The ones decision 021 names: the read side on the simulator, referral on settings.
    expect(await restricted('pool/probe.ts', "export { openHistoryShadow } from '../simulator/history.ts';\n")).toEqual([
      expect.stringContaining('pool is in layer'),
    ]);
    expect(
      await restricted('referral/probe.ts', "export { createSettingsLimiter } from '../settings/rate-limit.ts';\n"),
    ).toHaveLength(1);
    expect(await restricted('db/probe.ts', "export { createEngine } from '../engine/engine.ts';\n")).toHaveLength(1);
    expect(
      await restricted('engine/payouts/probe.ts', "export { registerIngestRoutes } from '../../ingest/routes.ts';\n"),
    ).toHaveLength(1);
    expect(await restricted('app.ts', "export { startRuntime } from './runtime.ts';\n")).toHaveLength(1);
  });

  it('let a layer use itself and every lower one', async () => {
    const source = [
      "export { withTransaction } from '../../db/transaction.ts';",
      "export { enqueuePayoutNotices } from '../../notify/outbox.ts';",
      "export { applyLedger } from '../ledger.ts';",
      "export { latestNetworkSample } from '../../stats/network-sample.ts';",
      '',
    ].join('\n');
    expect(await restricted('engine/payouts/probe.ts', source)).toEqual([]);
    expect(await restricted('simulator/probe.ts', "export { parseEvents } from '../ingest/ndjson.ts';\n")).toEqual([]);
  });
});
