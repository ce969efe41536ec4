/**
 * The web app's layers and feature boundaries are a lint rule (decision 021): these probes hold the rule in
 * eslint.config.js to its word, so a change that loosens it fails here.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: ROOT });

async function restricted(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}apps/web/app/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('feature boundaries', () => {
  it('refuses an import from one feature into another', async () => {
    const found = await restricted(
      'features/miner/probe.ts',
      "export { fetchPoolSummary } from '~/features/pool/pool-api.server';\n",
    );
    expect(found).toEqual([expect.stringContaining('features/miner may import itself and the layers below')]);
  });

  it('holds every feature folder, not a list kept by hand', async () => {
    const found = await restricted('features/charts/probe.ts', "export { MINER_RANGES } from '~/features/miner/miner-range';\n");
    expect(found).toHaveLength(1);
  });

  it('lets a feature use itself and every layer below it', async () => {
    const source = [
      "export { parseMinerRange } from '~/features/miner/miner-range';",
      "export { Ltr } from '~/shared/ltr';",
      "export { useT } from '~/i18n/use-t';",
      "export { useCurrency } from '~/currency/currency-context';",
      "export { useApi } from '~/platform/site-settings';",
      '',
    ].join('\n');
    expect(await restricted('features/miner/probe.ts', source)).toEqual([]);
  });

  it('keeps shared/ below the features and routes above everything', async () => {
    expect(await restricted('shared/probe.ts', "export { useCoin } from '~/features/pool/coin-context';\n")).toHaveLength(1);
    expect(await restricted('shared/probe.ts', "export { useT } from '~/i18n/use-t';\n")).toEqual([]);
    expect(await restricted('features/pool/probe.ts', "export type { Route } from '~/routes/+types/home';\n")).toHaveLength(1);
    expect(await restricted('features/pool/probe.ts', "export { CopyButton } from '../../shared/copy-button';\n")).toHaveLength(
      1,
    );
  });

  it('keeps platform/, i18n/ and currency/ below shared/, each importing lower layers only', async () => {
    expect(await restricted('platform/probe.ts', "export { useT } from '~/i18n/use-t';\n")).toHaveLength(1);
    expect(await restricted('platform/probe.ts', "export { Panel } from '~/shared/panel';\n")).toHaveLength(1);
    expect(await restricted('i18n/probe.ts', "export { useCurrency } from '~/currency/currency-context';\n")).toHaveLength(1);
    expect(await restricted('i18n/probe.ts', "export { readCookie } from '~/platform/cookies';\n")).toEqual([]);
    expect(await restricted('currency/probe.ts', "export { CopyButton } from '~/shared/copy-button';\n")).toHaveLength(1);
    expect(await restricted('currency/probe.ts', "export { useCoin } from '~/features/pool/coin-context';\n")).toHaveLength(1);
    expect(await restricted('currency/probe.ts', "export { useT } from '~/i18n/use-t';\n")).toEqual([]);
  });

  it('leaves routes free to compose any feature', async () => {
    const source =
      "export { fetchPoolSummary } from '~/features/pool/pool-api.server';\nexport { MINER_RANGES } from '~/features/miner/miner-range';\n";
    expect(await restricted('routes/probe.ts', source)).toEqual([]);
  });
});
