import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_TYPES,
  MAX_SLUG_LENGTH,
  SUPPORT_ARTICLE_LANGUAGES,
  isDeviceType,
  isSlug,
  isWatcherToken,
  parseDeviceRoute,
  supportArticleLanguage,
} from './routes.ts';

const slug = fc.stringMatching(/^[a-z0-9]{1,8}(?:-[a-z0-9]{1,8}){0,3}$/);
const vendorOrSlug = slug.filter((value) => !isDeviceType(value));
const deviceType = fc.constantFrom(...DEVICE_TYPES);

describe('isDeviceType', () => {
  it('knows asic, cpu and gpu', () => {
    expect([...DEVICE_TYPES]).toEqual(['asic', 'cpu', 'gpu']);
    for (const type of DEVICE_TYPES) expect(isDeviceType(type)).toBe(true);
    for (const value of ['', 'GPU', 'fpga', 'gpus', 'toString']) expect(isDeviceType(value), value).toBe(false);
  });
});

describe('isSlug', () => {
  it.each(['a', 'antminer', 'antminer-s19', 's19-xp-hyd', '123', 'a1-b2-c3', 'x'.repeat(120)])('accepts %j', (value) => {
    expect(isSlug(value)).toBe(true);
  });

  it.each([
    '',
    'x'.repeat(121),
    'Antminer',
    'antminer_s19',
    'antminer s19',
    '-antminer',
    'antminer-',
    'antminer--s19',
    'a.b',
    '..',
    '%2e%2e',
    '<script>',
    'ä',
    'a/b',
  ])('refuses %j', (value) => {
    expect(isSlug(value)).toBe(false);
  });

  it('caps slugs at 120 characters', () => {
    expect(MAX_SLUG_LENGTH).toBe(120);
  });
});

describe('parseDeviceRoute', () => {
  it('reads one segment as a type', () => {
    expect(parseDeviceRoute(['gpu'])).toEqual({ kind: 'type', type: 'gpu' });
    expect(parseDeviceRoute(['asic'])).toEqual({ kind: 'type', type: 'asic' });
    expect(parseDeviceRoute(['cpu'])).toEqual({ kind: 'type', type: 'cpu' });
  });

  it('reads one segment as a vendor when it is not a type', () => {
    expect(parseDeviceRoute(['bitmain'])).toEqual({ kind: 'vendor', type: null, vendor: 'bitmain' });
    expect(parseDeviceRoute(['nvidia'])).toEqual({ kind: 'vendor', type: null, vendor: 'nvidia' });
  });

  it('reads two segments as type and vendor', () => {
    expect(parseDeviceRoute(['asic', 'bitmain'])).toEqual({ kind: 'vendor', type: 'asic', vendor: 'bitmain' });
    expect(parseDeviceRoute(['gpu', 'amd'])).toEqual({ kind: 'vendor', type: 'gpu', vendor: 'amd' });
  });

  it('reads two segments as vendor and device when the first is not a type', () => {
    expect(parseDeviceRoute(['bitmain', 'antminer-s19'])).toEqual({
      kind: 'device',
      type: null,
      vendor: 'bitmain',
      slug: 'antminer-s19',
    });
  });

  it('reads three segments as type, vendor and device', () => {
    expect(parseDeviceRoute(['asic', 'bitmain', 'antminer-s19'])).toEqual({
      kind: 'device',
      type: 'asic',
      vendor: 'bitmain',
      slug: 'antminer-s19',
    });
  });

  it('refuses three segments that do not start with a type', () => {
    expect(parseDeviceRoute(['bitmain', 'asic', 'antminer-s19'])).toBeNull();
    expect(parseDeviceRoute(['bitmain', 'antminer', 's19'])).toBeNull();
  });

  it('refuses no segments and more than three', () => {
    expect(parseDeviceRoute([])).toBeNull();
    expect(parseDeviceRoute(['asic', 'bitmain', 'antminer-s19', 'extra'])).toBeNull();
    expect(parseDeviceRoute(['a', 'b', 'c', 'd', 'e'])).toBeNull();
  });

  it.each([
    [['']],
    [['GPU']],
    [['bit_main']],
    [['..']],
    [['asic', '..']],
    [['asic', 'bitmain', 'antminer s19']],
    [['asic', 'bitmain', 'Antminer-S19']],
    [['asic', 'bitmain', '']],
    [['bitmain', '<script>']],
    [['bitmain', 'a'.repeat(121)]],
    [['bitmain', '%2e%2e']],
    [['asic/bitmain']],
  ])('refuses invalid slug characters in %j', (segments) => {
    expect(parseDeviceRoute(segments)).toBeNull();
  });

  it('classifies any one to three valid segments as the doc comment says', () => {
    fc.assert(
      fc.property(deviceType, vendorOrSlug, vendorOrSlug, (type, vendor, device) => {
        expect(parseDeviceRoute([type])).toEqual({ kind: 'type', type });
        expect(parseDeviceRoute([vendor])).toEqual({ kind: 'vendor', type: null, vendor });
        expect(parseDeviceRoute([type, vendor])).toEqual({ kind: 'vendor', type, vendor });
        expect(parseDeviceRoute([vendor, device])).toEqual({ kind: 'device', type: null, vendor, slug: device });
        expect(parseDeviceRoute([type, vendor, device])).toEqual({ kind: 'device', type, vendor, slug: device });
        expect(parseDeviceRoute([vendor, type, device])).toBeNull();
        expect(parseDeviceRoute([type, vendor, device, device])).toBeNull();
      }),
    );
  });

  it('never throws and refuses any segment that is not a slug', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }), (segments) => {
        const result = parseDeviceRoute(segments);
        if (!segments.every(isSlug)) expect(result).toBeNull();
      }),
    );
  });
});

describe('supportArticleLanguage', () => {
  it('reads the language of the support article', () => {
    expect([...SUPPORT_ARTICLE_LANGUAGES]).toEqual(['ru', 'uk', 'en']);
    expect(supportArticleLanguage('get-support-ru')).toBe('ru');
    expect(supportArticleLanguage('get-support-uk')).toBe('uk');
    expect(supportArticleLanguage('get-support-en')).toBe('en');
  });

  it.each([
    'get-support-de',
    'get-support-',
    'get-support',
    'get-support-RU',
    'get-support-ru-extra',
    'get-support-ru ',
    'xget-support-ru',
    'support-ru',
    'get-support-fa',
    '',
    'get-support-toString',
  ])('returns null for %j', (value) => {
    expect(supportArticleLanguage(value)).toBeNull();
  });
});

describe('isWatcherToken', () => {
  it('takes 32 to 64 URL-safe characters and nothing else', () => {
    expect(isWatcherToken('a'.repeat(32))).toBe(true);
    expect(isWatcherToken('A-_9'.repeat(16))).toBe(true);
    expect(
      ['a'.repeat(31), 'a'.repeat(65), 'a'.repeat(3000), `${'a'.repeat(40)}/`, `${'a'.repeat(40)}%00`].map(isWatcherToken),
    ).toEqual([false, false, false, false, false]);
  });
});
