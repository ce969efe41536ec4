import { describe, expect, it } from 'vitest';
import { parseWebEnv, type WebEnv } from './env.server';

const ROOT = '/srv/openpool';

function problemsOf(source: Record<string, string | undefined>): string {
  try {
    parseWebEnv(source, ROOT);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected parseWebEnv to throw');
}

describe('parseWebEnv', () => {
  it('has defaults for everything', () => {
    expect(parseWebEnv({}, ROOT)).toEqual<WebEnv>({
      nodeEnv: 'production',
      host: '0.0.0.0',
      port: 3000,
      apiUrl: 'http://127.0.0.1:8787',
      publicApiUrl: 'http://localhost:8787',
      ruSiteHost: undefined,
      ruApiUrl: undefined,
      siteUrl: 'http://localhost:3000',
      cookieDomain: undefined,
      referralSecret: undefined,
      contentDir: '/srv/openpool/content',
      trustProxy: [],
      minerPageLimit: { perMinute: 120, exempt: ['loopback'] },
      pageCacheBytes: 32 * 1024 * 1024,
      apiReuseSeconds: 5,
      workers: 1,
    });
  });

  it('takes WEB_WORKERS as a whole number of processes from 1 to 64', () => {
    expect(parseWebEnv({ WEB_WORKERS: '4' }, ROOT).workers).toBe(4);
    expect(problemsOf({ WEB_WORKERS: '0' })).toMatch(/WEB_WORKERS/);
    expect(problemsOf({ WEB_WORKERS: 'many' })).toMatch(/WEB_WORKERS/);
  });

  it('believes forwarded headers only from the proxies in TRUST_PROXY, and lists a bad entry', () => {
    expect(parseWebEnv({ TRUST_PROXY: 'loopback,10.0.0.0/8' }, ROOT).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(problemsOf({ TRUST_PROXY: 'true' })).toMatch(/TRUST_PROXY: 'true' is not an IP address/);
  });

  it('derives the API URLs from API_PORT and the site URL from PORT', () => {
    const env = parseWebEnv({ PORT: '4000', API_PORT: '9000' }, ROOT);
    expect(env.port).toBe(4000);
    expect(env.apiUrl).toBe('http://127.0.0.1:9000');
    expect(env.publicApiUrl).toBe('http://localhost:9000');
    expect(env.siteUrl).toBe('http://localhost:4000');
  });

  it('takes explicit values over the derived ones', () => {
    const env = parseWebEnv(
      {
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        API_URL: 'http://api.internal:8787',
        PUBLIC_API_URL: 'https://api.openpool.example',
        SITE_URL: 'https://openpool.example',
        COOKIE_DOMAIN: '.openpool.example',
        CONTENT_DIR: 'fixtures/content',
      },
      ROOT,
    );
    expect(env).toMatchObject({
      nodeEnv: 'development',
      host: '127.0.0.1',
      apiUrl: 'http://api.internal:8787',
      publicApiUrl: 'https://api.openpool.example',
      siteUrl: 'https://openpool.example',
      cookieDomain: '.openpool.example',
      contentDir: '/srv/openpool/fixtures/content',
    });
  });

  it('takes REFERRAL_SECRET of 32 characters or more (shared with the API, decision 017)', () => {
    expect(parseWebEnv({ REFERRAL_SECRET: 's'.repeat(32) }, ROOT).referralSecret).toBe('s'.repeat(32));
    expect(problemsOf({ REFERRAL_SECRET: 's'.repeat(31) })).toMatch(/REFERRAL_SECRET: at least 32 characters/);
  });

  it('keeps an absolute CONTENT_DIR', () => {
    expect(parseWebEnv({ CONTENT_DIR: '/data/content' }, ROOT).contentDir).toBe('/data/content');
  });

  it('counts empty strings as unset', () => {
    expect(
      parseWebEnv(
        {
          NODE_ENV: '',
          HOST: '',
          PORT: '',
          API_PORT: '',
          API_URL: '',
          PUBLIC_API_URL: '',
          RU_SITE_HOST: '',
          RU_API_URL: '',
          SITE_URL: '',
          COOKIE_DOMAIN: '',
          CONTENT_DIR: '',
          REFERRAL_SECRET: '',
        },
        ROOT,
      ),
    ).toEqual(parseWebEnv({}, ROOT));
  });

  it('ignores undefined values and unrelated variables', () => {
    expect(parseWebEnv({ PORT: undefined, PATH: '/usr/bin', HOME: '/root' }, ROOT)).toEqual(parseWebEnv({}, ROOT));
  });

  it('removes trailing slashes from URLs', () => {
    const env = parseWebEnv(
      {
        API_URL: 'http://api.internal:8787/',
        PUBLIC_API_URL: 'https://api.openpool.example/v1//',
        SITE_URL: 'https://openpool.example///',
        RU_SITE_HOST: 'openpool.ru',
        RU_API_URL: 'https://api.openpool.ru/',
      },
      ROOT,
    );
    expect(env.apiUrl).toBe('http://api.internal:8787');
    expect(env.publicApiUrl).toBe('https://api.openpool.example/v1');
    expect(env.siteUrl).toBe('https://openpool.example');
    expect(env.ruApiUrl).toBe('https://api.openpool.ru');
  });

  it('takes the Russian-domain host and API together, the host lower-cased', () => {
    const env = parseWebEnv({ RU_SITE_HOST: 'OpenPool.RU', RU_API_URL: 'https://api.openpool.ru' }, ROOT);
    expect(env.ruSiteHost).toBe('openpool.ru');
    expect(env.ruApiUrl).toBe('https://api.openpool.ru');
  });

  it('refuses RU_SITE_HOST without RU_API_URL, and the other way round', () => {
    const hostOnly = problemsOf({ RU_SITE_HOST: 'openpool.ru' });
    expect(hostOnly).toBe(
      'Invalid environment for the web server:\n  RU_API_URL: RU_SITE_HOST and RU_API_URL are set together or not at all',
    );
    expect(problemsOf({ RU_API_URL: 'https://api.openpool.ru' })).toBe(hostOnly);
    expect(problemsOf({ RU_SITE_HOST: 'openpool.ru', RU_API_URL: '' })).toBe(hostOnly);
  });

  it('lists every bad variable in one error, each by name', () => {
    const message = problemsOf({
      NODE_ENV: 'staging',
      PORT: '70000',
      API_PORT: 'abc',
      API_URL: 'ftp://api.internal',
      PUBLIC_API_URL: 'not a url',
      SITE_URL: 'openpool.example',
      RU_SITE_HOST: 'bad host!',
      RU_API_URL: 'https://api.openpool.ru',
      COOKIE_DOMAIN: 'bad domain',
      REFERRAL_SECRET: 'too short',
    });
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid environment for the web server:');
    const named = lines.slice(1).map((line) => /^ {2}([A-Z_]+): \S/.exec(line)?.[1]);
    expect(named).toEqual([
      'NODE_ENV',
      'PORT',
      'API_PORT',
      'API_URL',
      'PUBLIC_API_URL',
      'RU_SITE_HOST',
      'SITE_URL',
      'COOKIE_DOMAIN',
      'REFERRAL_SECRET',
    ]);
  });

  it('refuses ports that are not whole numbers from 1 to 65535', () => {
    for (const bad of ['0', '65536', '-1', '80.5', 'eighty']) {
      expect(problemsOf({ PORT: bad })).toMatch(/^Invalid environment for the web server:\n {2}PORT: /);
    }
    expect(parseWebEnv({ PORT: '1' }, ROOT).port).toBe(1);
    expect(parseWebEnv({ PORT: '65535' }, ROOT).port).toBe(65535);
  });

  it('keeps metrics off unless WEB_METRICS_PORT is set, on loopback', () => {
    expect(parseWebEnv({}, ROOT).metrics).toBeUndefined();
    expect(parseWebEnv({ WEB_METRICS_PORT: '9465' }, ROOT).metrics).toEqual({ host: '127.0.0.1', port: 9465 });
    expect(parseWebEnv({ WEB_METRICS_PORT: '9465', METRICS_HOST: '10.0.0.5' }, ROOT).metrics).toEqual({
      host: '10.0.0.5',
      port: 9465,
    });
    expect(() => parseWebEnv({ WEB_METRICS_PORT: 'nine' }, ROOT)).toThrow(/WEB_METRICS_PORT/);
  });
});
