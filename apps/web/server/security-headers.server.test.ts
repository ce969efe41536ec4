import { describe, expect, it } from 'vitest';
import {
  STATIC_SECURITY_HEADERS,
  applyPageSecurityHeaders,
  contentSecurityPolicy,
  integrationOrigins,
  originOf,
} from './security-headers.server';

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

describe('contentSecurityPolicy with integrations', () => {
  const base = { nonce: 'n', connectOrigins: ['https://api.openpool.example'] };
  const all = {
    profile_base: 'https://main.provider.example/app',
    analytics: { script: 'https://tags.analytics.example/gtag/js', id: 'G-TEST1' },
    metrics: { endpoint: 'https://counter.metrics.example/hit' },
    error_reporter: { dsn: 'https://key@errors.example:8443/12' },
  };

  it('is the unchanged policy when every integration is off', () => {
    expect(contentSecurityPolicy({ ...base, integrations: {} })).toBe(contentSecurityPolicy(base));
    expect(integrationOrigins({})).toEqual({ script: [], connect: [], img: [] });
  });

  it('allows each configured origin in exactly the directives it needs', () => {
    const parsed = directives(contentSecurityPolicy({ ...base, integrations: all }));
    expect(parsed.get('script-src')).toEqual(["'nonce-n'", "'strict-dynamic'", "'self'", 'https://tags.analytics.example']);
    expect(parsed.get('img-src')).toEqual(["'self'", 'data:', 'https://counter.metrics.example']);
    expect(parsed.get('connect-src')).toEqual([
      "'self'",
      'https://api.openpool.example',
      'https://tags.analytics.example',
      'https://counter.metrics.example',
      'https://errors.example:8443',
      'https://main.provider.example',
    ]);
    expect(parsed.get('default-src')).toEqual(["'self'"]);
  });

  it.each([
    ['profile_base', { profile_base: all.profile_base }, { connect: ['https://main.provider.example'] }],
    [
      'analytics',
      { analytics: all.analytics },
      { script: ['https://tags.analytics.example'], connect: ['https://tags.analytics.example'] },
    ],
    [
      'metrics',
      { metrics: all.metrics },
      { img: ['https://counter.metrics.example'], connect: ['https://counter.metrics.example'] },
    ],
    ['error_reporter', { error_reporter: all.error_reporter }, { connect: ['https://errors.example:8443'] }],
  ])('adds only what %s needs', (_name, integrations, expected) => {
    expect(integrationOrigins(integrations)).toEqual(Object.assign({ script: [], connect: [], img: [] }, expected));
  });

  it('adds nothing for a DSN the reporter cannot use', () => {
    expect(integrationOrigins({ error_reporter: { dsn: 'https://errors.example/no-key' } }).connect).toEqual([]);
  });

  it('lists an origin shared by two integrations once', () => {
    const parsed = directives(
      contentSecurityPolicy({
        ...base,
        integrations: { metrics: { endpoint: 'https://api.openpool.example/hit' }, profile_base: 'https://api.openpool.example' },
      }),
    );
    expect(parsed.get('connect-src')).toEqual(["'self'", 'https://api.openpool.example']);
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
