/** The operator's reads for /health: the engine's faults and the network samples it holds back. */
import type pg from 'pg';

export interface EngineFault {
  coin: string;
  job: string;
  hour: Date;
  message: string;
  attempts: number;
}

export interface HeldSamples {
  coin: string;
  reason: string;
  samples: number;
  first_held_at: Date;
}

export async function engineFaults(db: pg.Pool): Promise<EngineFault[]> {
  const { rows } = await db.query<EngineFault>('select coin, job, hour, message, attempts from engine_faults order by coin');
  return rows;
}

export async function heldNetworkSamples(db: pg.Pool): Promise<HeldSamples[]> {
  const { rows } = await db.query<HeldSamples>('select coin, reason, samples, first_held_at from network_held order by coin');
  return rows;
}
