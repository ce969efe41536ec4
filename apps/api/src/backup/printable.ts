/**
 * Text a dump brought, made safe for the operator's terminal before `npm run restore` prints
 * it. A crafted dump's address, txid, source, header date or table name may hold ESC and CSI
 * sequences (retitle the window, clear the screen, move the cursor, on some terminals answer
 * back into the shell), a carriage return that overwrites what was printed before it on the
 * line, or bidi controls that reorder what is read. Each is written as its visible `\uXXXX`
 * escape, so the text still says what the dump held.
 */

/** C0 controls, DEL, C1 controls (0x9b is a one-character CSI), bidi marks, embeddings and isolates, line and paragraph separators. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const escape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * `text` with every control character escaped. `keepNewlines`: for a message whose lines the
 * program laid out itself; a value from the dump is escaped whole, its `\n` included.
 */
export function printable(text: string, { keepNewlines = false }: { keepNewlines?: boolean } = {}): string {
  return text.replace(keepNewlines ? UNSAFE_BUT_NEWLINE : UNSAFE, escape);
}
