import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COIN_TICKERS } from './coins.ts';
import {
  SiteConfigError,
  isCoinReachable,
  localizedLink,
  localizedText,
  parseSiteConfig,
  showsRegionalPart,
  type SiteConfig,
} from './site-config.ts';

const SITE_JSON = readFileSync(new URL('../../../content/site.json', import.meta.url), 'utf8');

type Json = Record<string, unknown>;

/** A fresh copy of the real config as plain JSON, to break in one place. */
function rawConfig(): Json {
  return JSON.parse(SITE_JSON) as Json;
}

function at(object: Json, ...keys: string[]): Json {
  let current: Json = object;
  for (const key of keys) current = current[key] as Json;
  return current;
}

/** The SiteConfigError message for a broken variant; fails the test if parsing succeeds. */
function errorFor(mutate: (config: Json) => void): string {
  const config = rawConfig();
  mutate(config);
  try {
    parseSiteConfig(JSON.stringify(config));
  } catch (error) {
    expect(error).toBeInstanceOf(SiteConfigError);
    expect((error as Error).name).toBe('SiteConfigError');
    return (error as Error).message;
  }
  throw new Error('expected parseSiteConfig to throw');
}

function minimalConfig(overrides: Partial<Json> = {}): Json {
  return {
    enabled: ['btc'],
    private_enabled: [],
    groups: { main: ['btc'] },
    icon_strip_group: 'main',
    support_email: 'help@example.org',
    links: {
      products: {
        miner_app: 'https://example.org/a',
        mobile_app: 'https://example.org/b',
        monitoring_bot: 'http://example.org/c',
      },
      referral: { default: 'https://example.org/ref' },
      social: [],
      forum: 'https://example.org/forum',
      help_translate: 'https://example.org/translate',
      telegram_bot: 'https://t.me/bot',
    },
    alert: { text: { default: '' } },
    regional: { locales: ['en', 'ru', 'uk'], parts: ['products', 'referral'] },
    coin_labels: {},
    integrations: {},
    ...overrides,
  };
}

describe('parseSiteConfig on content/site.json', () => {
  const config = parseSiteConfig(SITE_JSON);

  it('parses the real file', () => {
    expect(config.enabled).toContain('btc');
    expect(config.private_enabled).toEqual(['sdr', 'nir']);
    expect(config.icon_strip_group).toBe('main');
    expect(config.groups).toHaveProperty('main');
    expect(config.support_email).toBe('support@openpool.example');
    expect(config.links.referral.default).toBe('https://openpool.example/referral');
    expect(config.links.social.map((link) => link.id)).toEqual(['telegram', 'discord', 'x', 'youtube']);
  });

  it('offers every registry coin, publicly or privately, each once', () => {
    const all = [...config.enabled, ...config.private_enabled];
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual([...COIN_TICKERS].sort());
  });

  it('has the icon strip group listing only enabled coins', () => {
    const strip = config.groups[config.icon_strip_group];
    expect(strip).toBeDefined();
    for (const coin of strip ?? []) expect(config.enabled).toContain(coin);
  });

  it('parses a minimal valid config, with http links allowed', () => {
    const parsed = parseSiteConfig(JSON.stringify(minimalConfig()));
    expect(parsed.enabled).toEqual(['btc']);
    expect(parsed.links.products.monitoring_bot).toBe('http://example.org/c');
  });
});

describe('parseSiteConfig errors', () => {
  it('reports invalid JSON with the source name', () => {
    expect(() => parseSiteConfig('{', 'custom.json')).toThrow(SiteConfigError);
    expect(() => parseSiteConfig('{', 'custom.json')).toThrow(/^custom\.json: not valid JSON \(/);
    expect(() => parseSiteConfig('')).toThrow(/^content\/site\.json: not valid JSON/);
    expect(() => parseSiteConfig("{'enabled': []}")).toThrow(SiteConfigError);
  });

  it('reports a JSON value that is not an object at the root', () => {
    for (const text of ['[]', 'null', '42', '"site"']) {
      expect(() => parseSiteConfig(text)).toThrow(/^content\/site\.json is invalid:\n {2}\(root\): /);
    }
  });

  it('names the index of an unknown coin in enabled', () => {
    expect(
      errorFor((c) => {
        (c.enabled as string[])[1] = 'nope';
      }),
    ).toBe('content/site.json is invalid:\n  enabled[1]: is not a coin in the registry (packages/domain/src/coins.ts)');
  });

  it('refuses an auxiliary coin or a wrongly-cased ticker in enabled', () => {
    expect(errorFor((c) => ((c.enabled as string[])[0] = 'doge'))).toContain('enabled[0]: is not a coin in the registry');
    expect(errorFor((c) => ((c.enabled as string[])[2] = 'BTC'))).toContain('enabled[2]: is not a coin in the registry');
  });

  it('refuses an empty enabled list', () => {
    expect(errorFor((c) => (c.enabled = []))).toBe('content/site.json is invalid:\n  enabled: must list at least one coin');
  });

  it('names an unknown coin in private_enabled and in a group', () => {
    expect(errorFor((c) => (c.private_enabled = ['sdr', 'zzz']))).toContain('private_enabled[1]: is not a coin');
    expect(errorFor((c) => ((at(c, 'groups').main as string[])[3] = 'zzz'))).toContain('groups.main[3]: is not a coin');
  });

  it('refuses a coin both in enabled and private_enabled', () => {
    expect(errorFor((c) => (c.private_enabled = ['btc']))).toBe(
      'content/site.json is invalid:\n  private_enabled[0]: btc is already in enabled',
    );
    expect(errorFor((c) => (c.private_enabled = ['sdr', 'ltc']))).toContain('private_enabled[1]: ltc is already in enabled');
  });

  it('refuses an icon strip group that is not a group', () => {
    expect(errorFor((c) => (c.icon_strip_group = 'nope'))).toBe(
      'content/site.json is invalid:\n  icon_strip_group: must name one of groups',
    );
  });

  it('refuses an icon strip group named like an Object.prototype member', () => {
    // 'toString' and 'constructor' are not groups: they come from the prototype of `groups`.
    expect(errorFor((c) => (c.icon_strip_group = 'toString'))).toBe(
      'content/site.json is invalid:\n  icon_strip_group: must name one of groups',
    );
    expect(errorFor((c) => (c.icon_strip_group = 'constructor'))).toContain('icon_strip_group: must name one of groups');
  });

  it('refuses a malformed group name', () => {
    expect(errorFor((c) => (at(c, 'groups').Main = ['btc']))).toContain('groups.Main: ');
  });

  it('refuses a bad support e-mail', () => {
    expect(errorFor((c) => (c.support_email = 'not-an-email'))).toBe(
      'content/site.json is invalid:\n  support_email: must be an e-mail address',
    );
    expect(errorFor((c) => delete c.support_email)).toContain('support_email: ');
  });

  it.each(['ftp://example.org/app', 'javascript:alert(1)', 'not a url', '', '/relative'])(
    'refuses %j as a product link',
    (value) => {
      expect(errorFor((c) => (at(c, 'links', 'products').miner_app = value))).toBe(
        'content/site.json is invalid:\n  links.products.miner_app: must be an http(s) URL',
      );
    },
  );

  it('names nested link fields', () => {
    expect(errorFor((c) => delete at(c, 'links').forum)).toContain('links.forum: ');
    expect(errorFor((c) => (at(c, 'links').telegram_bot = 'tg://bot'))).toContain('links.telegram_bot: must be an http(s) URL');
    expect(errorFor((c) => (at(c, 'links', 'referral').default = 'nope'))).toContain(
      'links.referral.default: must be an http(s) URL',
    );
    expect(errorFor((c) => (at(c, 'links', 'referral').ru = 'nope'))).toContain('links.referral.ru: must be an http(s) URL');
    expect(errorFor((c) => (at(c, 'links', 'referral').default = undefined))).toContain('links.referral.default: ');
  });

  it('names a bad social link by index', () => {
    const message = errorFor((c) => {
      const social = at(c, 'links').social as Json[];
      (social[1] as Json).id = 'myspace';
    });
    expect(message).toContain('links.social[1].id: ');
    expect(
      errorFor((c) => {
        const social = at(c, 'links').social as Json[];
        ((social[0] as Json).url as Json).default = 'ftp://x';
      }),
    ).toContain('links.social[0].url.default: must be an http(s) URL');
  });

  it('refuses unknown keys at every level', () => {
    expect(errorFor((c) => (c.extra = 1))).toBe('content/site.json is invalid:\n  (root): Unrecognized key: "extra"');
    expect(errorFor((c) => (at(c, 'links').extra = 1))).toContain('  links: Unrecognized key: "extra"');
    expect(errorFor((c) => (at(c, 'links', 'products').extra = 'https://x.example'))).toContain(
      'links.products: Unrecognized key: "extra"',
    );
    // Only our locale codes may override a localized link.
    expect(errorFor((c) => (at(c, 'links', 'referral').de = 'https://x.example'))).toContain(
      'links.referral: Unrecognized key: "de"',
    );
    expect(
      errorFor((c) => {
        const social = at(c, 'links').social as Json[];
        (social[0] as Json).label = 'x';
      }),
    ).toContain('links.social[0]: Unrecognized key: "label"');
  });

  it('lists every bad field, one per line', () => {
    const message = errorFor((c) => {
      c.support_email = 'x';
      (c.enabled as string[])[0] = 'doge';
      at(c, 'links').forum = 'nope';
    });
    const lines = message.split('\n');
    expect(lines[0]).toBe('content/site.json is invalid:');
    expect(lines.slice(1).sort()).toEqual(
      [
        '  enabled[0]: is not a coin in the registry (packages/domain/src/coins.ts)',
        '  links.forum: must be an http(s) URL',
        '  support_email: must be an e-mail address',
      ].sort(),
    );
  });

  it('uses the given source name in the message', () => {
    const config = minimalConfig({ support_email: 'x' });
    expect(() => parseSiteConfig(JSON.stringify(config), 'other.json')).toThrow(/^other\.json is invalid:\n {2}support_email: /);
  });
});

describe('isCoinReachable', () => {
  const config = parseSiteConfig(SITE_JSON);
  const partial: SiteConfig = parseSiteConfig(
    JSON.stringify(minimalConfig({ enabled: ['btc', 'ltc'], private_enabled: ['sdr'], groups: { main: ['btc'] } })),
  );

  it('is true for enabled and private coins', () => {
    expect(isCoinReachable(config, 'btc')).toBe(true);
    expect(isCoinReachable(config, 'fb')).toBe(true);
    expect(isCoinReachable(config, 'sdr')).toBe(true);
    expect(isCoinReachable(config, 'nir')).toBe(true);
    expect(isCoinReachable(partial, 'ltc')).toBe(true);
    expect(isCoinReachable(partial, 'sdr')).toBe(true);
  });

  it('is false for registry coins the deployment does not offer', () => {
    expect(isCoinReachable(partial, 'dgb')).toBe(false);
    expect(isCoinReachable(partial, 'nir')).toBe(false);
  });

  it('is false for unknown coins, merged children and odd strings', () => {
    for (const coin of ['doge', 'eth', '', 'BTC', ' btc', 'toString', '__proto__']) {
      expect(isCoinReachable(config, coin), coin).toBe(false);
    }
  });
});

describe('localizedLink', () => {
  const link = { default: 'https://example.org/en', ru: 'https://example.org/ru' };

  it('uses the locale override when there is one', () => {
    expect(localizedLink(link, 'ru')).toBe('https://example.org/ru');
  });

  it('falls back to default otherwise', () => {
    expect(localizedLink(link, 'en')).toBe('https://example.org/en');
    expect(localizedLink(link, 'fr')).toBe('https://example.org/en');
    expect(localizedLink(link, 'zh-cn')).toBe('https://example.org/en');
    expect(localizedLink({ default: 'https://x.example' }, 'ru')).toBe('https://x.example');
  });

  it('works on links of the parsed config', () => {
    const config = parseSiteConfig(SITE_JSON);
    expect(localizedLink(config.links.referral, 'ru')).toBe('https://openpool.example/ru/referral');
    expect(localizedLink(config.links.referral, 'uk')).toBe('https://openpool.example/referral');
    const telegram = config.links.social.find((s) => s.id === 'telegram');
    expect(telegram && localizedLink(telegram.url, 'ru')).toBe('https://t.me/openpool_ru');
    expect(telegram && localizedLink(telegram.url, 'kz')).toBe('https://t.me/openpool');
  });
});

describe('regional parts, alert text and coin labels', () => {
  it('shows a regional part only in its locales, and the rest everywhere', () => {
    const config = { regional: { locales: ['en', 'ru', 'uk'] as const, parts: ['products'] as const } };
    expect(showsRegionalPart(config as never, 'products', 'ru')).toBe(true);
    expect(showsRegionalPart(config as never, 'products', 'fa')).toBe(false);
    expect(showsRegionalPart(config as never, 'referral', 'fa')).toBe(true);
  });

  it('takes the alert text of the locale, else the default, trimmed', () => {
    expect(localizedText({ default: ' Hello ', ru: 'Привет' }, 'ru')).toBe('Привет');
    expect(localizedText({ default: ' Hello ' }, 'fa')).toBe('Hello');
  });

  it('refuses a label for a coin that is not in the registry', () => {
    expect(errorFor((c) => (c.coin_labels = { nope: 'new' }))).toContain('coin_labels.nope');
  });
});
