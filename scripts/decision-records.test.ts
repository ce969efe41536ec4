/**
 * Decision records stay true to the tree: every record carries a status and a date, the index
 * (docs/decisions/README.md) lists every record with that status, and every repository path a
 * record names in backticks still exists. A path may be written from the repository's root or
 * shortened to its last folders (`engine/breaker.ts`); either way some tracked file or folder
 * must end with it. Seven records named moved files before this check existed.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const folder = join(root, 'docs', 'decisions');
const RECORD = /^\d{3}-.+\.md$/;
const STATUS = /^Status: (accepted|amended|superseded by \d{3}), (\d{4}-\d{2}-\d{2})$/m;
/** A backticked token that reads as a path: folders and a file with a known extension, or a folder ending in '/'. */
const PATH = /`([A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.[\]-]+)+\/?)`/g;
const FILE_LIKE = /\.(ts|tsx|mjs|js|json|md|sql|yml|yaml|css|xml)$|\/$/;
/** Paths made at run time, not tracked: the data folder and the build output. */
const RUNTIME = /^(\.data|build)\//;

const records = readdirSync(folder).filter((name) => RECORD.test(name));

function trackedPaths(): string[] {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(`${parts.slice(0, i).join('/')}/`);
  }
  return [...files, ...folders];
}

/** The paths a record names that no tracked file or folder ends with. */
function missingPaths(text: string, tracked: readonly string[]): string[] {
  const missing: string[] = [];
  for (const [, path] of text.matchAll(PATH)) {
    if (!FILE_LIKE.test(path) || RUNTIME.test(path)) continue;
    const bare = path.replace(/\/$/, '');
    const found = tracked.some((p) => {
      const candidate = p.replace(/\/$/, '');
      return candidate === bare || candidate.endsWith(`/${bare}`);
    });
    if (!found) missing.push(path);
  }
  return missing;
}

describe('decision records', () => {
  it('finds a moved file and accepts a shortened path to one that exists', () => {
    const tracked = ['apps/api/src/engine/breaker.ts', 'apps/api/src/engine/', 'apps/'];
    expect(missingPaths('see `engine/breaker.ts` and `apps/api/src/engine/`', tracked)).toEqual([]);
    expect(missingPaths('see `engine/wallet-sender.ts` and `.data/regtest/`', tracked)).toEqual(['engine/wallet-sender.ts']);
  });

  it('each has a status and a date, and the index lists it with that status', () => {
    const index = readFileSync(join(folder, 'README.md'), 'utf8');
    const problems: string[] = [];
    for (const name of records) {
      const status = STATUS.exec(readFileSync(join(folder, name), 'utf8'));
      if (!status) {
        problems.push(`${name}: no 'Status: accepted|amended|superseded by NNN, YYYY-MM-DD' line`);
        continue;
      }
      const row = index.split('\n').find((line) => line.includes(`](${name})`));
      if (!row) problems.push(`${name}: not in docs/decisions/README.md`);
      // Cells are padded to the column's width (prettier aligns the table): 'amended ' under 'accepted'.
      else if (!row.split('|').some((cell) => cell.trim() === status[1]))
        problems.push(`${name}: the index does not say '${status[1]}'`);
    }
    expect(problems).toEqual([]);
  });

  it('name only paths that exist', () => {
    const tracked = trackedPaths();
    const problems = records.flatMap((name) =>
      missingPaths(readFileSync(join(folder, name), 'utf8'), tracked).map((path) => `${name}: ${path}`),
    );
    expect(problems).toEqual([]);
  });
});
