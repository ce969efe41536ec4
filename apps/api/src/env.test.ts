import { describe, expect, it } from 'vitest';
import { parseApiEnv } from './env.ts';

describe('parseApiEnv', () => {
  it('allows the site’s own origins by default, on the site’s port (issue 17)', () => {
    expect(parseApiEnv({}, '/srv').corsOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(parseApiEnv({ PORT: '4100' }, '/srv').corsOrigins).toEqual(['http://localhost:4100', 'http://127.0.0.1:4100']);
    expect(parseApiEnv({ PORT: '4100', CORS_ORIGINS: 'https://openpool.example' }, '/srv').corsOrigins).toEqual([
      'https://openpool.example',
    ]);
  });

  it('believes no proxy by default, and lists a bad TRUST_PROXY entry', () => {
    expect(parseApiEnv({}, '/srv').trustProxy).toEqual([]);
    expect(parseApiEnv({ TRUST_PROXY: '10.0.0.1, loopback' }, '/srv').trustProxy).toEqual(['10.0.0.1', 'loopback']);
    const bad = () => parseApiEnv({ TRUST_PROXY: 'yes', PORT: '0' }, '/srv');
    expect(bad).toThrow(/TRUST_PROXY: 'yes' is not an IP address/);
    expect(bad).toThrow(/PORT: /);
  });
});
