import { signReferralLanding, verifyReferralLanding } from '@openpool/domain/referral-landing';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appContext, type AppContext } from '~/platform/context';
import { referralMiddleware } from './referral.server';

const SECRET = 'web-test-referral-secret-0123456789ab';
const DOMAIN = '.openpool.example';

/** The Set-Cookie headers the middleware adds to a page answered at `path` for a visitor with `cookie`. */
async function landOn(path: string, options: { cookie?: string; secret?: string | undefined } = {}): Promise<string[]> {
  const secret = 'secret' in options ? options.secret : SECRET;
  const context = new RouterContextProvider();
  context.set(appContext, { cookieDomain: DOMAIN, referralSecret: secret } as Partial<AppContext> as AppContext);
  const url = new URL(`https://openpool.example${path}`);
  const request = new Request(url, { headers: options.cookie ? { cookie: options.cookie } : {} });
  const response = (await referralMiddleware(
    { request, context, params: {}, url, pattern: '' } as unknown as Parameters<typeof referralMiddleware>[0],
    () => Promise.resolve(new Response('page')),
  )) as Response;
  return response.headers.getSetCookie();
}

const landingOf = (cookies: string[]) => /^ref_landing=([^;]+);/.exec(cookies[1] ?? '')?.[1];

describe('a landing through a referral link', () => {
  it('sets ref as the spec says and, beside it, a landing the API can verify for that referral', async () => {
    const before = Date.now();
    const cookies = await landOn('/btc?ref=%20Friend%20');
    expect(cookies[0]).toBe(`ref=friend; Max-Age=1209600; Path=/; Secure; SameSite=None; Domain=${DOMAIN}`);
    expect(cookies[1]).toMatch(
      /^ref_landing=[\w.-]+; Max-Age=1209600; Path=\/; Secure; SameSite=None; Domain=\.openpool\.example$/,
    );
    expect(cookies).toHaveLength(2);
    const landing = verifyReferralLanding(SECRET, 'friend', landingOf(cookies), Date.now());
    expect(landing?.landedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(verifyReferralLanding(SECRET, 'thief', landingOf(cookies), Date.now())).toBeNull();
  });

  it('gives each landing its own id', async () => {
    const first = landingOf(await landOn('/?ref=friend'))!.split('.')[1];
    const second = landingOf(await landOn('/?ref=friend'))!.split('.')[1];
    expect(first).not.toBe(second);
  });

  it('keeps the first touch: a visitor holding a landing the site signed gets no new cookie', async () => {
    const held = `ref=friend; ref_landing=${signReferralLanding(SECRET, 'friend', Date.now() - 86_400_000)}`;
    expect(await landOn('/btc?ref=thief', { cookie: held })).toEqual([]);
  });

  it('replaces what the site did not sign: a hand-written ref, a landing of another key or of another referral', async () => {
    for (const cookie of [
      'ref=thief',
      `ref=thief; ref_landing=${signReferralLanding('another-secret-0123456789abcdefghij', 'thief', Date.now())}`,
      `ref=thief; ref_landing=${signReferralLanding(SECRET, 'friend', Date.now())}`,
      `ref=friend; ref_landing=${signReferralLanding(SECRET, 'friend', Date.now() - 15 * 86_400_000)}`,
    ]) {
      const cookies = await landOn('/btc?ref=newfriend', { cookie });
      expect(cookies[0], cookie).toMatch(/^ref=newfriend;/);
      expect(verifyReferralLanding(SECRET, 'newfriend', landingOf(cookies), Date.now()), cookie).not.toBeNull();
    }
  });

  it('without REFERRAL_SECRET sets ref alone (the API then records nothing)', async () => {
    expect(await landOn('/btc?ref=friend', { secret: undefined })).toEqual([
      `ref=friend; Max-Age=1209600; Path=/; Secure; SameSite=None; Domain=${DOMAIN}`,
    ]);
  });

  it.each(['/btc', '/btc?ref=', '/btc?ref=a%3Bb', '/btc?ref=%3Cx%3E', `/btc?ref=${'x'.repeat(65)}`])(
    'sets nothing for %s',
    async (path) => {
      expect(await landOn(path)).toEqual([]);
    },
  );
});
