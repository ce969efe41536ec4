import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { parseApiEnv } from './env.ts';

describe('api', () => {
  it('answers its health check', async () => {
    const app = buildApp();
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    await app.close();
  });

  it('answers 404 for routes that do not exist yet', async () => {
    const app = buildApp();
    expect((await app.inject({ method: 'GET', url: '/api/v1/rates' })).statusCode).toBe(404);
    await app.close();
  });
});

describe('parseApiEnv', () => {
  it('defaults to port 8787 and .data under the repo', () => {
    expect(parseApiEnv({}, '/repo')).toEqual({ host: '0.0.0.0', port: 8787, dataDir: '/repo/.data' });
  });

  it('lists every bad variable', () => {
    expect(() => parseApiEnv({ API_PORT: 'eighty' }, '/repo')).toThrow(/API_PORT/);
  });
});
