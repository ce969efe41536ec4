/**
 * One transaction on a connection of its own: begin, the work, commit; rollback on any
 * failure (a rollback that fails too, on a lost connection, is not the error that matters).
 * The one place the API writes begin/commit/rollback.
 */
import type pg from 'pg';

export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
