/** One point of a time chart: `t` in Unix seconds, `v` the value (H/s, difficulty, coins). */
export interface TimePoint {
  t: number;
  v: number;
}
