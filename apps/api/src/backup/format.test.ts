/**
 * The dump's line reader (format.ts): lines split on `\n` only, whatever the chunks' borders,
 * so that a row holding U+2028, U+2029 or `\r` survives, a character cut between two chunks
 * is whole, and a long row spread over many chunks comes back as one line.
 */
import { describe, expect, it } from 'vitest';
import { DumpFormatError, jsonLine, splitLines } from './format.ts';

async function lines(chunks: (Buffer | string)[]): Promise<string[]> {
  const out: string[] = [];
  async function* source() {
    yield* chunks;
  }
  for await (const line of splitLines(source())) out.push(line);
  return out;
}

/** `text` as UTF-8 bytes cut every `size` bytes, through characters. */
const cut = (text: string, size: number): Buffer[] => {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
  return parts;
};

describe('splitLines', () => {
  const rows = ['a\u2028b\u2029c', 'emoji 🐸 and \u202Ertl', 'cr\rin the middle', '', 'x'.repeat(70_000)];
  const text = rows.map((row) => jsonLine(row)).join('');

  it('gives each JSON line back whole, for any chunk size', async () => {
    for (const size of [1, 2, 3, 7, 64, 65_536, text.length * 4]) {
      const got = await lines(cut(text, size));
      expect(got.map((line) => JSON.parse(line) as string)).toEqual(rows);
    }
  });

  it('splits on \\n only, and yields a last line without its \\n (a cut file)', async () => {
    expect(await lines(['one\u2028still one\r\ntwo\n', 'thr', 'ee'])).toEqual(['one\u2028still one\r', 'two', 'three']);
    expect(await lines(['\n\n'])).toEqual(['', '']);
    expect(await lines([])).toEqual([]);
  });

  it('joins a line spread over many chunks once', async () => {
    const long = 'y'.repeat(1_000_000);
    expect(await lines([...cut(`${long}\nafter\n`, 4096)])).toEqual([long, 'after']);
  });

  it('refuses bytes that are not UTF-8, and a character cut at the end of the file', async () => {
    await expect(lines([Buffer.from([0x61, 0xff, 0x0a])])).rejects.toThrow(DumpFormatError);
    await expect(lines([Buffer.from('ok\n'), Buffer.from('🐸', 'utf8').subarray(0, 2)])).rejects.toThrow(DumpFormatError);
  });
});
