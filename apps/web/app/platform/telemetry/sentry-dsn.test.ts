import { describe, expect, it } from 'vitest';
import { parseDsn } from './sentry-dsn';

describe('parseDsn', () => {
  it('reads key, host and project and names the envelope endpoint', () => {
    expect(parseDsn('https://abc123@errors.example/42')).toEqual({
      publicKey: 'abc123',
      origin: 'https://errors.example',
      projectId: '42',
      envelopeUrl: 'https://errors.example/api/42/envelope/?sentry_key=abc123&sentry_version=7',
    });
  });

  it('keeps a port and a path prefix of a self-hosted server', () => {
    const dsn = parseDsn('http://key@sentry.internal:9000/prefix/sub/7');
    expect(dsn?.origin).toBe('http://sentry.internal:9000');
    expect(dsn?.envelopeUrl).toBe('http://sentry.internal:9000/prefix/sub/api/7/envelope/?sentry_key=key&sentry_version=7');
  });

  it('ignores a legacy secret key', () => {
    expect(parseDsn('https://public:secret@errors.example/3')?.publicKey).toBe('public');
  });

  it.each([
    ['not a url'],
    ['https://errors.example/42'], // no public key
    ['https://key@errors.example/'], // no project
    ['https://key@errors.example/project-name'], // project ids are numbers
    ['ftp://key@errors.example/42'],
  ])('rejects %s', (dsn) => {
    expect(parseDsn(dsn)).toBeNull();
  });
});
