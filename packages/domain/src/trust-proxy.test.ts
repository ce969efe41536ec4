import { describe, expect, it } from 'vitest';
import { trustProxySchema } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  it('is empty by default: no forwarded header is believed', () => {
    expect(trustProxySchema.parse(undefined)).toEqual([]);
    expect(trustProxySchema.parse('')).toEqual([]);
  });

  it('takes addresses, ranges and proxy-addr’s names', () => {
    expect(trustProxySchema.parse('loopback, 10.0.0.0/8,2001:db8::1, fd00::/8')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '2001:db8::1',
      'fd00::/8',
    ]);
  });

  it.each(['true', '*', 'proxy.example', '10.0.0.0/33', '256.1.1.1', '1.2.3.4/8/8'])('refuses %s', (value) => {
    expect(trustProxySchema.safeParse(value).success).toBe(false);
  });
});
