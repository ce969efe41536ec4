/**
 * Share events of one step. A worker's work in a step is split into `sharesPerStep` shares
 * (its vardiff target, one every 15-30 s). Live mode emits them one by one; backfill folds a
 * step's shares into one event per status, whose difficulty stands for the same work, so a
 * week of history stays a few million lines. Both come from the same per-share draws, so the
 * two modes agree on every worker's valid, stale and invalid work per step.
 */
import { SEQ_PER_MS, type PendingEvent } from './pending-event.ts';
import { FINE_WINDOW_MS, STEP_MS, type OnlineWorker, type StepPopulation } from './population.ts';
import { keyOf, meanOneNoise, uniform } from './random.ts';

export const SHARE_HEAD = '{"type":"share","seq":';

// Stale and invalid shares come in bursts (a slow block template, an unstable overclock),
// not evenly: only some worker-steps have any, which also keeps backfill lines few.
const STALE_BURST = 0.08;
const INVALID_BURST = 0.02;
const PURPOSE = {
  noise: keyOf('share-noise'),
  burst: keyOf('burst'),
  status: keyOf('status'),
  time: keyOf('share-time'),
  reached: keyOf('share-reached'),
  claim: keyOf('claim-profile'),
  report: keyOf('report-noise'),
} as const;

/**
 * What a worker's miner says its hashrate is (decision 023), from its key alone (the seeded
 * population is unchanged): 30 % of rigs never say; most say what they do within about 2 %;
 * 4 % overstate it by a quarter to 60 % (a dishonest or wishful rig); 3 % say half (one board
 * of two, a per-GPU figure). Null: this worker sends no report.
 */
export function claimFactor(workerKey: number): number | null {
  const u = uniform(workerKey, 0, PURPOSE.claim);
  if (u < 0.3) return null;
  if (u < 0.93) return 1;
  if (u < 0.97) return 1.25 + 0.35 * uniform(workerKey, 1, PURPOSE.claim);
  return 0.5;
}

/** The report field of a worker's shares in a step: its hashrate as claimed, with a little noise. */
function reportField(entry: OnlineWorker, step: number): string {
  const factor = claimFactor(entry.worker.key);
  if (factor === null) return '';
  const claimed = entry.hashrate * factor * meanOneNoise(0.02, entry.worker.key, step, PURPOSE.report);
  return `,"reported_hashrate":${Math.round(claimed)}`;
}

const VALID = 0;
const STALE = 1;
const INVALID = 2;
const STATUS_NAMES = ['valid', 'stale', 'invalid'] as const;

interface WorkerStep {
  entry: OnlineWorker;
  difficulty: number;
  staleCut: number;
  invalidCut: number;
}

function workerStep(entry: OnlineWorker, step: number, hashesPerDifficulty: number): WorkerStep {
  const { worker } = entry;
  // Share counts are Poisson, so a 10-minute sum of n shares is off by about 1/sqrt(n).
  const work =
    ((entry.hashrate * STEP_MS) / 1000 / hashesPerDifficulty) *
    meanOneNoise(1 / Math.sqrt(worker.sharesPerStep), worker.key, step, PURPOSE.noise);
  const staleBurst = uniform(worker.key, step, PURPOSE.burst) < STALE_BURST;
  const invalidBurst = uniform(worker.key, step, PURPOSE.burst, 1) < INVALID_BURST;
  return {
    entry,
    difficulty: work / worker.sharesPerStep,
    staleCut: staleBurst ? worker.staleRate / STALE_BURST : 0,
    invalidCut: invalidBurst ? 1 - worker.invalidRate / INVALID_BURST : 1,
  };
}

function slotStatus(state: WorkerStep, step: number, slot: number): number {
  if (state.staleCut === 0 && state.invalidCut === 1) return VALID;
  const u = uniform(state.entry.worker.key, step, slot, PURPOSE.status);
  if (u < state.staleCut) return STALE;
  if (u >= state.invalidCut) return INVALID;
  return VALID;
}

/** A share's difficulty as the event's JSON carries it: an integer for big ones (as pools quote them), 6 significant digits below a million. */
export function wireDifficulty(value: number): string {
  return value >= 1e6 ? String(Math.round(value)) : String(Number(value.toPrecision(6)));
}

function shareBody(at: number, status: number, difficulty: number, fields: string, extra = ''): string {
  return `,"at":${at},"status":"${STATUS_NAMES[status]}","difficulty":${wireDifficulty(difficulty)}${extra}${fields}`;
}

/**
 * The difficulty a live valid share's hash reached: a hash is uniform below the share's target, so
 * the reached difficulty is the share's over a uniform draw (heavy-tailed: a share 1,000 times
 * its difficulty is one in 1,000). Written as the difficulty is, never below it.
 */
function reachedField(worker: OnlineWorker['worker'], step: number, slot: number, difficulty: number): string {
  const u = Math.max(uniform(worker.key, step, slot, PURPOSE.reached), 2 ** -32);
  return `,"actual_difficulty":${wireDifficulty(Math.max(difficulty, difficulty / u))}`;
}

/**
 * Backfill: per online worker one valid event (and a stale or invalid one when the step had
 * any), spread over the step's last second, after every other event of the step. Returns
 * finished NDJSON lines: nothing else shares those milliseconds, so `seq` is known here.
 */
export function foldedShareLines(population: StepPopulation, hashesPerDifficulty: number, fromMs: number): string[] {
  const step = population.step;
  const statuses: number[] = [];
  const difficulties: number[] = [];
  const fields: string[] = [];
  for (const entry of population.online) {
    const state = workerStep(entry, step, hashesPerDifficulty);
    const slots = entry.worker.sharesPerStep;
    const counts = [slots, 0, 0];
    if (state.staleCut > 0 || state.invalidCut < 1) {
      counts.fill(0);
      for (let slot = 0; slot < slots; slot++) {
        const status = slotStatus(state, step, slot);
        counts[status] = (counts[status] ?? 0) + 1;
      }
    }
    // Folded shares carry the step's report, but no reached difficulty: best shares come from live ones.
    const report = reportField(entry, step);
    counts.forEach((count, status) => {
      if (count === 0) return;
      statuses.push(status);
      difficulties.push(count * state.difficulty);
      fields.push(report + entry.worker.shareFields);
    });
  }
  const tail = step * STEP_MS + FINE_WINDOW_MS;
  const count = statuses.length;
  const lines: string[] = [];
  let previousAt = -1;
  let index = 0;
  for (let i = 0; i < count; i++) {
    const at = tail + Math.floor((i * (STEP_MS - FINE_WINDOW_MS)) / count);
    index = at === previousAt ? index + 1 : 0;
    previousAt = at;
    if (at < fromMs) continue;
    lines.push(
      `${SHARE_HEAD}${at * SEQ_PER_MS + index}${shareBody(at, statuses[i] ?? VALID, difficulties[i] ?? 0, fields[i] ?? '}')}`,
    );
  }
  return lines;
}

/** Live: every share on its own, at its own time, for shares with time in [fromMs, toMs). */
export function liveShares(
  population: StepPopulation,
  hashesPerDifficulty: number,
  fromMs: number,
  toMs: number,
): PendingEvent[] {
  const step = population.step;
  const start = step * STEP_MS;
  const events: PendingEvent[] = [];
  for (const entry of population.online) {
    const { worker } = entry;
    const interval = worker.shareIntervalMs;
    const first = Math.max(0, Math.floor((fromMs - start) / interval));
    const last = Math.min(worker.sharesPerStep - 1, Math.floor((toMs - 1 - start) / interval));
    if (first > last) continue;
    const state = workerStep(entry, step, hashesPerDifficulty);
    const report = reportField(entry, step);
    for (let slot = first; slot <= last; slot++) {
      const at = start + slot * interval + Math.floor(uniform(worker.key, step, slot, PURPOSE.time) * interval * 0.95);
      if (at < fromMs || at >= toMs) continue;
      const status = slotStatus(state, step, slot);
      const reached = status === VALID ? reachedField(worker, step, slot, state.difficulty) : '';
      events.push({
        at,
        head: SHARE_HEAD,
        body: shareBody(at, status, state.difficulty, worker.shareFields, reached + report),
      });
    }
  }
  return events.sort((a, b) => a.at - b.at);
}
