/**
 * The API's error handler: text PostgreSQL cannot store is the client's bad input (400), not
 * a server fault (500), whichever route forgot to check a free-text field.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './errors.ts';

describe('errorHandler', () => {
  it('answers 400 for a NUL PostgreSQL refused (22021, 22P05) and 500 for anything else', async () => {
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    for (const code of ['22021', '22P05', '42P01'])
      app.get(`/${code}`, async () => {
        throw Object.assign(new Error(`pg ${code}`), { code });
      });
    await app.ready();
    for (const code of ['22021', '22P05']) {
      const response = await app.inject(`/${code}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'bad_request' });
    }
    const other = await app.inject('/42P01');
    expect(other.statusCode).toBe(500);
    expect(other.body).not.toContain('42P01');
    await app.close();
  });
});
