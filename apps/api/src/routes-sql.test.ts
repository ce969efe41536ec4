/**
 * SQL stays out of the API's route files (eslint.config.js, decision 033): these probes hold
 * the rule to its word, so a change that loosens it, or a route file named past it, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const SRC = new URL('./', import.meta.url).pathname;
const eslint = new ESLint({ cwd: ROOT });

async function refused(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}apps/api/src/${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const QUERY_CALL = [
  "import type { ApiContext } from '../context.ts';",
  'export async function fees(ctx: ApiContext) {',
  "  return ctx.db.query('select coin, fee_ppm from pool_fees');",
  '}',
  '',
].join('\n');

describe('SQL in the API’s route files', () => {
  it('is refused: a query call, a statement in a string or a template, the client, a transaction', async () => {
    expect(await refused('pool/routes.ts', QUERY_CALL)).toEqual([
      expect.stringContaining("move the SQL to the folder's queries.ts"),
      expect.stringContaining('A SQL statement'),
    ]);
    const statement = 'export const TOP = `\n  select address from miners where coin = ${"$1"} limit 100`;\n';
    expect(await refused('miner/routes.ts', statement)).toEqual([expect.stringContaining('A SQL statement')]);
    expect(await refused('audit/routes.ts', "export const q = 'INSERT INTO audit_periods (coin) values ($1)';\n")).toHaveLength(
      1,
    );
    expect(await refused('settings/routes.ts', "import type pg from 'pg';\nexport type Db = pg.Pool;\n")).toEqual([
      expect.stringContaining('The database client'),
    ]);
    const transaction = "import { withTransaction } from '../db/transaction.ts';\nexport const save = withTransaction;\n";
    expect(await refused('settings/routes.ts', transaction)).toHaveLength(1);
    expect(await refused('settings/routes.ts', "export { withTransaction } from '../db/transaction.ts';\n")).toHaveLength(1);
  });

  it('is refused in every route file: a *-routes.ts, app.ts, a new folder’s routes.ts', async () => {
    expect(await refused('miner/export-routes.ts', QUERY_CALL)).toHaveLength(2);
    expect(
      await refused(
        'app.ts',
        "export const health = (db: { query(s: string): void }) => db.query('select 1 from engine_faults');\n",
      ),
    ).toHaveLength(2);
    expect(await refused('someday/routes.ts', QUERY_CALL)).toHaveLength(2);
  });

  it('is where it belongs in queries.ts, and a route file may say "select" in plain words', async () => {
    expect(await refused('pool/queries.ts', QUERY_CALL)).toEqual([]);
    const routes = [
      "import { fees } from './queries.ts';",
      "export const summary = 'Select a coin from the list; update the page to see its fees';",
      'export const read = fees;',
      '',
    ].join('\n');
    expect(await refused('pool/routes.ts', routes)).toEqual([]);
  });

  it('cannot hide in a file the rule does not read: every route is registered in a route file', () => {
    const registers =
      /\b(?:r|app|scope)\.(?:get|post|put|patch|delete|route)\(|withTypeProvider<ZodTypeProvider>\(\)\.(?:get|post)\(/;
    const registering = (readdirSync(SRC, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => registers.test(readFileSync(`${SRC}${file}`, 'utf8')))
      .filter((file) => !/(?:^|\/)(?:[a-z-]+-)?routes\.ts$/.test(file));
    // Two plugins own one route with their state: the limiter's internal quota check (the
    // site's servers only) and the Telegram bot's webhook. Neither route runs SQL.
    expect(registering.sort()).toEqual(['http/rate-limit.ts', 'notify/telegram.ts']);
  });
});
