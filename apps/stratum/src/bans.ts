/**
 * Bans for sources of nothing but bad shares: an address (or IP) whose last `window` shares
 * include at least `minInvalid` rejected ones and not a single accepted one is banned for
 * `banMs`. One good share resets its count, so a miner with a few stale shares is never hit.
 */
export interface BanOptions {
  minInvalid: number;
  banMs: number;
}

export class Bans {
  private readonly invalid = new Map<string, number>();
  private readonly until = new Map<string, number>();
  private readonly options: BanOptions;
  constructor(options: BanOptions) {
    this.options = options;
  }

  isBanned(key: string, now: number): boolean {
    const until = this.until.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.until.delete(key);
    return false;
  }

  /** Records a share's outcome; returns true when this share got the key banned. */
  record(key: string, valid: boolean, now: number): boolean {
    if (valid) {
      this.invalid.delete(key);
      return false;
    }
    const count = (this.invalid.get(key) ?? 0) + 1;
    if (count < this.options.minInvalid) {
      this.invalid.set(key, count);
      return false;
    }
    this.invalid.delete(key);
    this.until.set(key, now + this.options.banMs);
    return true;
  }
}
