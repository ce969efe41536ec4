/**
 * Variable difficulty per connection, aiming at one share every `targetSeconds`: after each
 * retarget period (or a burst of shares), the difficulty is scaled by target / observed
 * interval, when the observed interval is outside ±30 % of the target. Doubles at most 4×
 * per step so one lucky burst cannot swing it.
 */
export interface VardiffOptions {
  targetSeconds: number;
  retargetSeconds: number;
  min: number;
  max: number;
}

export class Vardiff {
  private since: number;
  private shares = 0;
  private readonly options: VardiffOptions;
  constructor(options: VardiffOptions, now: number) {
    this.options = options;
    this.since = now;
  }

  /** Records a share; returns the new difficulty when it should change, else undefined. */
  onShare(now: number, current: number, ceiling: number): number | undefined {
    this.shares += 1;
    const elapsed = (now - this.since) / 1000;
    const burst = this.shares >= 4 * Math.max(1, this.options.retargetSeconds / this.options.targetSeconds);
    if (elapsed < this.options.retargetSeconds && !burst) return undefined;
    return this.retarget(now, current, ceiling, elapsed);
  }

  /** Called on a timer too: a miner that stopped finding shares gets an easier target. */
  onIdle(now: number, current: number, ceiling: number): number | undefined {
    const elapsed = (now - this.since) / 1000;
    if (elapsed < this.options.retargetSeconds * 2) return undefined;
    return this.retarget(now, current, ceiling, elapsed);
  }

  private retarget(now: number, current: number, ceiling: number, elapsed: number): number | undefined {
    const interval = elapsed / Math.max(this.shares, 0.5);
    this.since = now;
    this.shares = 0;
    const ratio = this.options.targetSeconds / interval;
    if (ratio > 0.7 && ratio < 1.3) return undefined;
    const scaled = current * Math.min(4, Math.max(0.25, ratio));
    const next = Math.min(ceiling, this.options.max, Math.max(this.options.min, scaled));
    return Math.abs(next - current) / current < 0.01 ? undefined : next;
  }
}
