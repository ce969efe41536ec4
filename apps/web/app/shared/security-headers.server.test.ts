import { describe, expect, it } from 'vitest';
import { STATIC_SECURITY_HEADERS, applyPageSecurityHeaders, contentSecurityPolicy, originOf } from './security-headers.server';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((directive) => {
      const [name = '', ...values] = directive.split(' ');
      return [name, values];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy({
    nonce: 'bm9uY2U=',
    connectOrigins: ['https://api.openpool.example', 'https://errors.example', 'https://api.openpool.example'],
  });
  const parsed = directives(policy);

  it('is the expected policy', () => {
    expect(policy).toBe(
      [
        "default-src 'self'",
        "script-src 'nonce-bm9uY2U=' 'strict-dynamic' 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self' https://api.openpool.example https://errors.example",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  it("allows scripts by this response's nonce and 'strict-dynamic', never 'unsafe-inline'", () => {
    expect(parsed.get('script-src')).toContain("'nonce-bm9uY2U='");
    expect(parsed.get('script-src')).toContain("'strict-dynamic'");
    expect(parsed.get('script-src')).not.toContain("'unsafe-inline'");
    expect(parsed.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('forbids framing and plugins', () => {
    expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
    expect(parsed.get('object-src')).toEqual(["'none'"]);
  });

  it('lists each connect origin once, after self', () => {
    expect(parsed.get('connect-src')).toEqual(["'self'", 'https://api.openpool.example', 'https://errors.example']);
  });

  it("has only 'self' in connect-src without origins", () => {
    expect(directives(contentSecurityPolicy({ nonce: 'n', connectOrigins: [] })).get('connect-src')).toEqual(["'self'"]);
  });

  it('uses a different nonce per call', () => {
    expect(directives(contentSecurityPolicy({ nonce: 'other', connectOrigins: [] })).get('script-src')).toEqual([
      "'nonce-other'",
      "'strict-dynamic'",
      "'self'",
    ]);
  });
});

describe('STATIC_SECURITY_HEADERS', () => {
  it('has nosniff, a Referrer-Policy and DENY framing', () => {
    expect(STATIC_SECURITY_HEADERS).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
    });
  });
});

describe('applyPageSecurityHeaders', () => {
  it('sets Content-Security-Policy, replacing an earlier one', () => {
    const headers = new Headers({ 'Content-Security-Policy': 'default-src *', 'Content-Type': 'text/html' });
    const options = { nonce: 'abc', connectOrigins: ['https://api.example'] };
    applyPageSecurityHeaders(headers, options);
    expect(headers.get('Content-Security-Policy')).toBe(contentSecurityPolicy(options));
    expect(headers.get('Content-Type')).toBe('text/html');
  });
});

describe('originOf', () => {
  it('keeps scheme, host and a non-default port only', () => {
    expect(originOf('https://api.openpool.example/v1/stats?coin=btc')).toBe('https://api.openpool.example');
    expect(originOf('http://localhost:8787/')).toBe('http://localhost:8787');
    expect(originOf('https://api.example:443/x')).toBe('https://api.example');
  });

  it('throws on something that is not a URL', () => {
    expect(() => originOf('not a url')).toThrow(TypeError);
  });
});
