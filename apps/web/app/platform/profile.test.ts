import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_POWER_COST } from '@openpool/domain/hardware-profit';
import { powerCostOf, requestProfile } from './profile';

describe('powerCostOf', () => {
  it('takes a positive power_cost from the profile', () => {
    expect(powerCostOf({ authenticated: true, power_cost: 0.11 })).toBe(0.11);
  });

  it.each([
    [null],
    [undefined],
    ['text'],
    [{}],
    [{ power_cost: 0 }],
    [{ power_cost: -1 }],
    [{ power_cost: '0.1' }],
    [{ power_cost: Infinity }],
  ])('is the default 0.04 for %j', (profile) => {
    expect(powerCostOf(profile)).toBe(DEFAULT_POWER_COST);
    expect(DEFAULT_POWER_COST).toBe(0.04);
  });
});

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('requestProfile', () => {
  it('calls /api/v2/profile on the provider host with credentials and returns the object', async () => {
    const fetch = respond(200, { authenticated: true, power_cost: 0.07 });
    const report = vi.fn();
    expect(await requestProfile('https://main.example/', { fetch, report })).toEqual({ authenticated: true, power_cost: 0.07 });
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.toString()).toBe('https://main.example/api/v2/profile');
    expect(init.credentials).toBe('include');
    expect(report).not.toHaveBeenCalled();
  });

  it('is null without a report for a visitor who is not signed in', async () => {
    const report = vi.fn();
    expect(await requestProfile('https://main.example', { fetch: respond(401, { error: 'unauthorized' }), report })).toBeNull();
    expect(report).not.toHaveBeenCalled();
  });

  it('is null and reports a server error or an unreachable host', async () => {
    const report = vi.fn();
    expect(await requestProfile('https://main.example', { fetch: respond(500, { error: 'x' }), report })).toBeNull();
    const unreachable = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await requestProfile('https://main.example', { fetch: unreachable, report })).toBeNull();
    expect(report.mock.calls.map(([error]) => (error as Error).name)).toEqual(['ApiError', 'ApiUnreachableError']);
  });

  it('is null for a body that is not an object', async () => {
    expect(await requestProfile('https://main.example', { fetch: respond(200, [1, 2]), report: vi.fn() })).toBeNull();
  });
});
