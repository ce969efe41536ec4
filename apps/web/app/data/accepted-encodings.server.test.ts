import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from './accepted-encodings.server';

describe('acceptedEncodings', () => {
  it('prefers Brotli, then gzip, honouring q=0 and *', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.5')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('identity')).toEqual([]);
    expect(acceptedEncodings(undefined)).toEqual([]);
    // The client's q-values come first; Brotli wins only a tie.
    expect(acceptedEncodings('br;q=0.5, gzip')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('gzip;q=0.8, br;q=0.8')).toEqual(['br', 'gzip']);
  });
});
