/** What every API route needs: config, the database and the clock, passed explicitly. */
import type pg from 'pg';
import type { PoolConfig } from '@openpool/domain/pool-config';
import type { SiteConfig } from '@openpool/domain/site-config';

export interface ApiContext {
  db: pg.Pool;
  pool: PoolConfig;
  site: SiteConfig;
  now: () => number;
  /** How long identical reads share one computation (0 in tests, which move the clock). */
  memoMs?: number;
}
