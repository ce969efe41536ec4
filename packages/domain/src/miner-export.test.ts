import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvField, csvRecord, fiatValue, isoSecond, parseCsv, parseExportDay, plainRate } from './miner-export.ts';

describe('miner export format', () => {
  it('quotes a CSV field only when RFC 4180 needs it, and reads any record back', () => {
    expect(csvField('0.5')).toBe('0.5');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvRecord(['x', 1, null])).toBe('x,1,\r\n');
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (records) => {
        // A lone empty field is an empty line, which CSV cannot tell from no record.
        fc.pre(records.every((record) => record.length > 1 || record[0] !== ''));
        expect(parseCsv(records.map(csvRecord).join(''))).toEqual(records);
      }),
    );
  });

  it('takes only real UTC days', () => {
    expect(parseExportDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    for (const text of ['2023-02-29', '2026-13-01', '2026-1-01', '2026-01-01T00:00', ''])
      expect(parseExportDay(text), text).toBeNull();
    expect(isoSecond(Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe('2026-01-02T03:04:05Z');
  });

  it('writes rates without exponents and values in integers, rounded half up', () => {
    expect(plainRate(0.0000031234)).toBe('0.0000031234');
    expect(plainRate(95_000)).toBe('95000');
    expect(plainRate(123.456789012345)).toBe('123.456789');
    expect(fiatValue(150_000_000n, 8, 100)).toBe('150.00');
    expect(fiatValue(1n, 8, 95_000)).toBe('0.00');
    expect(fiatValue(5_263n, 8, 95_000)).toBe('5.00');
    expect(fiatValue(-250_000_001n, 8, 2)).toBe('-5.00');
    expect(fiatValue(123_456_789_012_345_678_901_234n, 8, 0.1)).toBe('123456789012345.68');
  });
});
