/**
 * Where the simulator builds its first-start history beside the live tables (decision 014):
 * the schema's name, and whether one is being filled, which the pool pages say in words.
 */
import type pg from 'pg';

export const HISTORY_SCHEMA = 'sim_history';

/** True while a history is being filled (by any replica), or was left half-filled by a crash. */
export async function historyFilling(db: pg.Pool | pg.PoolClient): Promise<boolean> {
  const row = await db.query<{ filling: boolean }>('select to_regnamespace($1) is not null as filling', [HISTORY_SCHEMA]);
  return row.rows[0]?.filling ?? false;
}
