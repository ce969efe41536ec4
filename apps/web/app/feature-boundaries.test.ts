/**
 * The web app's layers and feature boundaries are a lint rule (decision 021): these probes hold the rule in
 * eslint.config.js to its word, so a change that loosens it fails here.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const eslint = new ESLint({ cwd: ROOT });

/** The layers' rule and the server zones' rule (decision 035), whichever refused the import. */
const RULES = new Set(['no-restricted-imports', '@typescript-eslint/no-restricted-imports']);

/** Messages for `source` linted as `file` of apps/web (`server/x.ts`) or, by default, of its app/. */
async function restrictedAt(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}apps/web/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId && RULES.has(m.ruleId)).map((m) => m.message);
}

const restricted = (file: string, source: string) => restrictedAt(`app/${file}`, source);

describe('feature boundaries', () => {
  it('refuses an import from one feature into another', async () => {
    const found = await restricted(
      'features/miner/probe.server.ts',
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

const UI_TAKES_SERVER = 'UI code imports no server code';
const SERVER_TAKES_UI = 'Server code imports no UI';

describe('server code and UI, each in its zone (decision 035)', () => {
  it('refuses server code in a UI file: a *.server module, data/, a node: builtin', async () => {
    expect(await restricted('shared/probe.tsx', "export { lookup } from '~/data/api-lookup.server';\n")).toEqual([
      expect.stringContaining(UI_TAKES_SERVER),
    ]);
    expect(await restricted('platform/probe.ts', "export { readFileSync } from 'node:fs';\n")).toEqual([
      expect.stringContaining(UI_TAKES_SERVER),
    ]);
    expect(await restricted('features/miner/probe.tsx', "export { fetchMinerPage } from './miner-api.server';\n")).toEqual([
      expect.stringContaining(UI_TAKES_SERVER),
    ]);
    expect(await restricted('i18n/probe.ts', "export { rootLocaleOf } from '~/data/detect-locale.server';\n")).toHaveLength(1);
  });

  it("lets a UI file name a loader's payload type, and server code use server code", async () => {
    expect(await restricted('features/about/probe.tsx', "export type { PoolRow } from './about-api.server';\n")).toEqual([]);
    expect(
      await restricted(
        'platform/probe.ts',
        "import type { DocumentCache } from '~/data/document-cache.server';\nexport type D = DocumentCache;\n",
      ),
    ).toEqual([]);
    expect(await restricted('features/miner/probe.server.ts', "export { lookup } from '~/data/api-lookup.server';\n")).toEqual(
      [],
    );
    expect(
      await restricted(
        'data/probe.server.ts',
        "export { readCookie } from '~/platform/cookies';\nexport { localeCookie } from '~/i18n/locale-cookie';\n",
      ),
    ).toEqual([]);
  });

  it("refuses UI in data/ and in a feature's server file", async () => {
    expect(await restricted('data/probe.server.ts', "export { Panel } from '~/shared/panel';\n")).toEqual([
      expect.stringContaining('data/ holds the loader helpers below the features'),
      expect.stringContaining(SERVER_TAKES_UI),
    ]);
    expect(await restricted('data/probe.server.ts', "export { useState } from 'react';\n")).toEqual([
      expect.stringContaining(SERVER_TAKES_UI),
    ]);
    expect(
      await restricted('data/probe.server.ts', "export { fetchPoolSummary } from '~/features/pool/pool-api.server';\n"),
    ).toHaveLength(1);
    expect(await restricted('features/pool/probe.server.ts', "export { CopyButton } from '~/shared/copy-button';\n")).toEqual([
      expect.stringContaining(SERVER_TAKES_UI),
    ]);
  });

  it('keeps the Express process (server.ts, server/) to platform/, data/ and env.server.ts of app/', async () => {
    const express = 'The Express process imports no UI';
    expect(await restrictedAt('server/probe.server.ts', "export { Panel } from '../app/shared/panel.tsx';\n")).toEqual([
      expect.stringContaining(express),
    ]);
    expect(await restrictedAt('server.ts', "export { PoolCard } from './app/features/pool/pool-card.tsx';\n")).toEqual([
      expect.stringContaining(express),
    ]);
    expect(await restrictedAt('server/probe.server.ts', "export { useT } from '../app/i18n/use-t.tsx';\n")).toHaveLength(1);
    expect(await restrictedAt('server/probe.server.ts', "export { renderToString } from 'react-dom/server';\n")).toHaveLength(1);
    const allowed = [
      "export { isPoolWidePath } from '../app/platform/api-paths.ts';",
      "export { acceptedEncodings } from '../app/data/accepted-encodings.server.ts';",
      "export { parseWebEnv } from '../app/env.server.ts';",
      "export { matchRoutes } from 'react-router';",
      '',
    ].join('\n');
    expect(await restrictedAt('server/probe.server.ts', allowed)).toEqual([]);
  });
});
