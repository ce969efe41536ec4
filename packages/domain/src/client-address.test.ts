import { describe, expect, it } from 'vitest';
import { bareAddress, quotaClientKey } from './client-address.ts';

describe('bareAddress', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['203.0.113.5:51234', '203.0.113.5'],
    [' 203.0.113.5:80 ', '203.0.113.5'],
    ['[2001:DB8::1]:443', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['::ffff:192.0.2.1', '::ffff:192.0.2.1'],
    ['[::ffff:192.0.2.1]:8080', '::ffff:192.0.2.1'],
    ['fe80::1%eth0', 'fe80::1%eth0'],
  ])('reads %s as %s', (input, bare) => {
    expect(bareAddress(input)).toBe(bare);
  });

  it.each(['unknown', '999.1.1.1:80', '[not-an-ip]:80', '203.0.113.5:port', ''])('leaves %s as it is', (input) => {
    expect(bareAddress(input)).toBe(input.trim());
  });
});

describe('quotaClientKey', () => {
  it.each([
    ['203.0.113.5:4000', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['[::ffff:cb00:7105]:80', '203.0.113.5'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['[2001:DB8:1:2::ffff]:443', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['not an ip', 'not an ip'],
  ])('%s counts as %s', (input, key) => {
    expect(quotaClientKey(input)).toBe(key);
  });
});
