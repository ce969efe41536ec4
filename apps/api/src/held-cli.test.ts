/**
 * The held CLI releases money by id: it takes the decimal id the list shows and nothing that
 * Number() would also read (hex, binary, exponents, spaces, signs, fractions), so a typo can
 * never release another item. Checked before any database is reached.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, 'held-cli.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'op-held-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function held(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    // DATA_DIR without a database: an id that passes reaches the connection and fails there (exit 1).
    // A child's environment (PATH and the like), not configuration read here.
    // eslint-disable-next-line no-restricted-properties
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    execFile(process.execPath, [CLI, ...args], { env }, (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stderr }),
    );
  });
}

describe('npm run held', () => {
  it('refuses ids that are not plain decimal numbers, with the usage', async () => {
    const bad = ['0x1f', '1e3', '0b11', '0o7', ' 7', '7 ', '+7', '-7', '7.0', '07', '0', '', '9007199254740993', '١٢'];
    const results = await Promise.all(bad.map((id) => held(['release', id])));
    for (const [index, result] of results.entries()) {
      expect({ id: bad[index], code: result.code }).toEqual({ id: bad[index], code: 2 });
      expect(result.stderr).toContain('usage: npm run held');
    }
    expect((await held(['discard', '3', 'extra'])).code).toBe(2);
  });

  it('takes a decimal id (and then needs the pool’s database)', async () => {
    const [release, discard] = await Promise.all([held(['release', '31']), held(['discard', '9007199254740991'])]);
    for (const result of [release, discard]) {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('database is not running');
    }
  });
});
