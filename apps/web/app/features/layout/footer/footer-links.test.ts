import { describe, expect, it } from 'vitest';
import { footerColumns, supportArticlePath } from './footer-links';

const settings = {
  links: {
    products: {
      miner_app: 'https://p.example/miner',
      mobile_app: 'https://p.example/mobile',
      monitoring_bot: 'https://t.me/bot',
    },
    referral: { default: 'https://p.example/ref' },
    social: [],
    forum: 'https://forum.example',
    help_translate: 'https://translate.example',
    telegram_bot: 'https://t.me/bot',
  },
  regional: { locales: ['en' as const, 'ru' as const, 'uk' as const], parts: ['products' as const] },
};

const hrefs = (columns: ReturnType<typeof footerColumns>) =>
  Object.fromEntries(columns.map((column) => [column.id, column.links.map((link) => link.to ?? link.href)]));

describe('footerColumns', () => {
  it('has Products, Resources, Hardware and Help Center with their links in en', () => {
    expect(hrefs(footerColumns(settings, 'en'))).toEqual({
      products: ['https://p.example/miner', 'https://p.example/mobile', 'https://t.me/bot'],
      resources: ['/articles', '/about', '/merge', '/api', '/watchlist'],
      hardware: ['/device/asic', '/device/cpu', '/device/gpu'],
      help: ['/articles/get-support-en', '/articles', '/compare-mining-pools'],
    });
  });

  it('adds the Forum for ru only', () => {
    expect(hrefs(footerColumns(settings, 'ru')).resources).toEqual([
      '/articles',
      '/about',
      '/merge',
      '/api',
      '/watchlist',
      'https://forum.example',
    ]);
    for (const locale of ['en', 'uk', 'fa', 'pl'] as const) {
      expect(hrefs(footerColumns(settings, locale)).resources, locale).not.toContain('https://forum.example');
    }
  });

  it('follows the regional rule for Products', () => {
    expect(footerColumns(settings, 'uk').map((column) => column.id)).toContain('products');
    expect(footerColumns(settings, 'fa').map((column) => column.id)).toEqual(['resources', 'hardware', 'help']);
    expect(footerColumns({ ...settings, regional: { ...settings.regional, parts: [] } }, 'fa')[0]?.id).toBe('products');
  });
});

describe('supportArticlePath', () => {
  it('is the ru or uk article for those languages and the English one otherwise', () => {
    expect(supportArticlePath('ru')).toBe('/articles/get-support-ru');
    expect(supportArticlePath('uk')).toBe('/articles/get-support-uk');
    expect(supportArticlePath('en')).toBe('/articles/get-support-en');
    expect(supportArticlePath('kz')).toBe('/articles/get-support-en');
  });
});
