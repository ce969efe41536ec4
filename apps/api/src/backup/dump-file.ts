/**
 * A dump file on disk (gzip): its lines for the loader, and the backup's self-check, which
 * reads the file it just wrote back through the same parser the restore uses (decision 022,
 * its 2026-11-28 addendum): a backup that says "done" is one that restores as far as the file goes.
 */
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { DumpSummary } from './dump.ts';
import { DumpFormatError, readDump, splitLines, type DumpEnd, type DumpHeader } from './format.ts';

/** The file's lines, split on `\n` only; a read or gzip error ends the iteration with it. */
export function dumpFileLines(file: string): AsyncIterable<string> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (error) => gunzip.destroy(error));
  // The iteration below rejects with the stream's error; zlib may emit a cut file's error a
  // second time after the iterator let go of the stream, which must not crash the process.
  gunzip.on('error', () => undefined);
  return splitLines(source.pipe(gunzip));
}

/** Reads `file` back and checks it holds exactly what was written; throws what differs. */
export async function verifyDumpFile(file: string, written: DumpSummary): Promise<void> {
  let header: DumpHeader | undefined;
  const rows: Record<string, number> = {};
  const items = readDump(dumpFileLines(file), (read) => {
    header = read;
  });
  let end: DumpEnd;
  try {
    for (;;) {
      const next = await items.next();
      if (next.done) {
        end = next.value;
        break;
      }
      if (next.value.kind === 'row') rows[next.value.table] = (rows[next.value.table] ?? 0) + 1;
    }
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('Z_'))
      throw new DumpFormatError(`the written file is not whole gzip (${(error as Error).message})`);
    throw error;
  }
  if (JSON.stringify(header) !== JSON.stringify(written.header)) throw new DumpFormatError('the header read back differs');
  if (end.sha256 !== written.sha256) throw new DumpFormatError('the rows read back differ from the rows dumped (digest)');
  for (const table of written.header.tables)
    if ((rows[table] ?? 0) !== written.rows[table])
      throw new DumpFormatError(`${table}: ${rows[table] ?? 0} rows read back, ${written.rows[table]} dumped`);
}
