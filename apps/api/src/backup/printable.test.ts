import { describe, expect, it } from 'vitest';
import { printable } from './printable.ts';

describe('printable', () => {
  it('escapes ESC/CSI sequences, BEL, carriage return, C1 CSI and bidi overrides visibly', () => {
    const hostile = 'bc1q\u001b]0;pwned\u0007\u001b[2J\rok\u009b31m\u202eevil\u2066';
    const safe = printable(hostile);
    expect(safe).toBe('bc1q\\u001b]0;pwned\\u0007\\u001b[2J\\u000dok\\u009b31m\\u202eevil\\u2066');
    expect(safe).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it("escapes a value's newline, and keeps the lines of a message when asked", () => {
    expect(printable('tx\nrestore: done')).toBe('tx\\u000arestore: done');
    expect(printable('line one\nline \u001b[1mtwo', { keepNewlines: true })).toBe('line one\nline \\u001b[1mtwo');
  });

  it('leaves ordinary text, Unicode letters and emoji as they are', () => {
    const text = 'ltc: last sent payout #1 (2026-11-01T02:00:00.000Z, tx ab12) עברית 😀 — 1 234';
    expect(printable(text)).toBe(text);
  });
});
