/**
 * What /health tells the operator: the engine's faults, money the breaker holds (decision 018),
 * network samples held back, the wallets against what the pool owes (decision 022), the
 * simulator's backfill and the notification outbox. Degraded when any of them needs a hand.
 */
import type pg from 'pg';
import { listHeld } from '../engine/held.ts';
import type { Notifier } from '../notify/notifier.ts';
import { solvencyProblem, type SolvencyCheck } from '../solvency/solvency.ts';
import { engineFaults, heldNetworkSamples } from './queries.ts';

export interface HealthSources {
  db: pg.Pool;
  /** What the runtime reports about the simulator's backfill, when one runs. */
  status?: () => Record<string, unknown>;
  solvency?: SolvencyCheck;
  notifier?: Notifier;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

export async function healthReport(sources: HealthSources) {
  const faults = await engineFaults(sources.db);
  const status = sources.status?.() ?? {};
  const simulatorFailing = (status.simulator as { failing?: unknown[] } | undefined)?.failing?.length ?? 0;
  // The breaker's holds (decision 018): money that waits for the operator makes the pool degraded.
  const held = await listHeld(sources.db);
  const heldSamples = await heldNetworkSamples(sources.db);
  // A wallet short of what the pool owes, or a node that does not answer (decision 022).
  const solvency = (await sources.solvency?.report().catch(() => undefined)) ?? [];
  const shortfall = solvencyProblem(solvency);
  return {
    status: faults.length > 0 || simulatorFailing > 0 || held.length > 0 || shortfall ? 'degraded' : 'ok',
    engine: {
      faults: faults.map((row) => ({
        coin: row.coin,
        job: row.job,
        hour: seconds(row.hour.getTime()),
        message: row.message,
        attempts: row.attempts,
      })),
      held: held.map((item) => ({
        id: item.id,
        coin: item.coin,
        kind: item.kind,
        hour: seconds(item.hour),
        ...(item.address ? { address: item.address } : {}),
        amount: item.total,
        ceiling: item.ceiling,
        reason: item.reason,
        action: `npm run held -- release ${item.id}   (or: discard ${item.id})`,
      })),
      held_samples: heldSamples.map((row) => ({
        coin: row.coin,
        reason: row.reason,
        samples: row.samples,
        since: seconds(row.first_held_at.getTime()),
      })),
    },
    ...(sources.solvency ? { solvency: { coins: solvency, ...(shortfall ? { problem: shortfall } : {}) } } : {}),
    ...status,
    // Failed deliveries are counted here for the operator (and logged once each by the sender).
    ...(sources.notifier ? { notifications: await sources.notifier.health() } : {}),
  };
}
