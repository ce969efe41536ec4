/**
 * The dump's text format, written by dump.ts and read by the backup's self-check and by
 * load.ts (decision 022, addendum of 2026-11-28).
 *
 * Lines: a JSON header, then per table `#table NAME` and one JSON string per row (the row's
 * record text), then `#sequences [...]` and `#end {rows, sha256}`. A row may hold any text a
 * miner sent (a watcher label, a share's agent): JSON escapes `\n` and `\r` inside strings but
 * leaves U+2028 and U+2029 raw, and line readers such as node:readline end lines there. So the
 * writer escapes both (`\u2028`, still valid JSON that parses to the same string), and the
 * reader splits on `\n` alone: either one alone makes every string survive, and a dump of an
 * older release (raw U+2028 in it) still restores.
 */
import { createHash, type Hash } from 'node:crypto';

export const DUMP_FORMAT = 'openpool-dump';
/** 2: rows' U+2028/U+2029 escaped, `taken_at` and the rows' digest in the file. 1 is still read. */
export const DUMP_VERSION = 2;

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: 1 | 2;
  created_at: string;
  /** The instant the dump shows: its transaction's start (version 2). */
  taken_at?: string;
  server_version: string;
  /** The migrations applied to the dumped database, in order: the restore applies these. */
  migrations: string[];
  /** Tables in load order: a table after every table it references. */
  tables: string[];
}

export interface DumpEnd {
  rows: Record<string, number>;
  /** sha256 of every row's text in file order, each followed by a NUL (version 2). */
  sha256?: string;
}

export class DumpFormatError extends Error {
  override name = 'DumpFormatError';
}

/** A JSON line that no line reader can split: U+2028/U+2029 written as escapes. */
export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'))}\n`;
}

/** Lines of a text stream, split on `\n` only (node:readline also splits on `\r`, U+2028, U+2029). */
export async function* splitLines(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new DumpFormatError('the dump is not UTF-8 text: the file is damaged');
    }
  };
  // The pieces of the line not ended yet. Each chunk is searched once and a long line is
  // joined once: appending to one string and searching it again per chunk was quadratic (a
  // 64 MB row took 152 s to read, and a crafted dump could hold the restore for hours).
  let pending: string[] = [];
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decode(chunk);
    let from = 0;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', from)) {
      const piece = text.slice(from, at);
      yield pending.length === 0 ? piece : pending.join('') + piece;
      pending = [];
      from = at + 1;
    }
    if (from < text.length) pending.push(text.slice(from));
  }
  const tail = decode();
  if (tail !== '') pending.push(tail);
  // A last line without its `\n` is a cut file: yielded so the parser refuses it by its `#end`.
  if (pending.length > 0) yield pending.join('');
}

export type DumpItem =
  | { kind: 'table'; table: string }
  | { kind: 'row'; table: string; text: string }
  | { kind: 'sequences'; sequences: { name: string; value: string | null }[] };

/** Running digest of the rows, the same on the writing and the reading side. */
export function rowDigest(): { add(text: string): void; hex(): string } {
  const hash: Hash = createHash('sha256');
  return {
    add: (text) => hash.update(`${text}\u0000`, 'utf8'),
    hex: () => hash.digest('hex'),
  };
}

function parseJson<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new DumpFormatError(`${what} is not valid JSON: the file is damaged`);
  }
}

/**
 * Reads a dump's structure: the header first (`onHeader`), then tables, rows and sequences in
 * order; checks the `#end` line (the file is whole), each table's row count and the rows'
 * digest. Names are checked against the header here, and against the schema by the loader.
 */
export async function* readDump(
  lines: AsyncIterable<string>,
  onHeader: (header: DumpHeader) => void | Promise<void>,
): AsyncGenerator<DumpItem, DumpEnd> {
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  let header: DumpHeader;
  try {
    header = JSON.parse(first.done ? '' : first.value) as DumpHeader;
  } catch {
    throw new DumpFormatError('not an OpenPool dump (its first line is not the header)');
  }
  if (header?.format !== DUMP_FORMAT || (header.version !== 1 && header.version !== 2))
    throw new DumpFormatError('not an OpenPool dump, or of another version');
  if (
    !Array.isArray(header.tables) ||
    !header.tables.every((table) => typeof table === 'string') ||
    !Array.isArray(header.migrations) ||
    !header.migrations.every((name) => typeof name === 'string')
  )
    throw new DumpFormatError('the dump’s header has no valid table and migration lists');
  await onHeader(header);

  const counted: Record<string, number> = {};
  const digest = rowDigest();
  let table: string | undefined;
  let end: DumpEnd | undefined;
  let lineNumber = 1;
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    const line = next.value;
    lineNumber += 1;
    if (end) throw new DumpFormatError(`line ${lineNumber}: text after the #end line`);
    if (line.startsWith('#table ')) {
      table = line.slice('#table '.length);
      if (!header.tables.includes(table) || table in counted)
        throw new DumpFormatError(`line ${lineNumber}: table ${JSON.stringify(table)} is not in the dump's header, or twice`);
      counted[table] = 0;
      yield { kind: 'table', table };
    } else if (line.startsWith('#sequences ')) {
      table = undefined;
      const sequences = parseJson<{ name: string; value: string | null }[]>(line.slice('#sequences '.length), 'the sequences');
      if (
        !Array.isArray(sequences) ||
        !sequences.every((s) => typeof s?.name === 'string' && (s.value === null || /^-?\d{1,19}$/.test(String(s.value))))
      )
        throw new DumpFormatError(`line ${lineNumber}: the sequences are not names and integers`);
      yield { kind: 'sequences', sequences };
    } else if (line.startsWith('#end ')) {
      end = parseJson<DumpEnd>(line.slice('#end '.length), 'the #end line');
    } else if (line !== '') {
      if (!table) throw new DumpFormatError(`line ${lineNumber}: a row outside any table`);
      const text = parseJson<unknown>(line, `line ${lineNumber}`);
      if (typeof text !== 'string') throw new DumpFormatError(`line ${lineNumber}: a row is not a string`);
      counted[table] = (counted[table] ?? 0) + 1;
      digest.add(text);
      yield { kind: 'row', table, text };
    }
  }
  if (!end || typeof end.rows !== 'object' || end.rows === null)
    throw new DumpFormatError('the dump ends early (no #end line): it is incomplete');
  for (const name of Object.keys(end.rows))
    if (!header.tables.includes(name))
      throw new DumpFormatError(`the #end line counts a table ${JSON.stringify(name)} the header has not`);
  for (const name of header.tables)
    if ((counted[name] ?? 0) !== (end.rows[name] ?? 0))
      throw new DumpFormatError(`${name}: the file has ${counted[name] ?? 0} rows, its #end line says ${end.rows[name] ?? 0}`);
  if (header.version >= 2 && end.sha256 !== digest.hex())
    throw new DumpFormatError('the rows’ digest does not match the #end line: the file is damaged');
  return end;
}
