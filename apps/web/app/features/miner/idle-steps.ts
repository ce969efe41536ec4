/** One point of a miner's or a worker's chart as the API sends it. */
export interface MinerChartPoint {
  t: number;
  hashrate: number;
  valid: number;
  stale: number;
  invalid: number;
}

/**
 * A miner's chart with its idle intervals drawn. The API sends only the intervals that had
 * shares; a line drawn from point to point then crossed an outage as a straight slope (six
 * hours without a share read as a gentle dip from 8.3 to 7.1 TH/s). No share in an interval is
 * an effective hashrate of 0, so each missing step between two points becomes a zero point.
 * Between points only: the data's end is the API's to say (the 10M figure and the workers
 * offline say a current outage). A server-side step: the browser ships no code for it.
 */
export function withIdleSteps<T extends { step: number; points: MinerChartPoint[] }>(chart: T): T {
  const { step, points } = chart;
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || step <= 0) return chart;
  // Well above any range's points (24 h: 144 of 10 minutes, 7 d: 168 of an hour), never a huge
  // array from odd data.
  if ((last.t - first.t) / step > 2016) return chart;
  const filled: MinerChartPoint[] = [];
  let index = 0;
  for (let t = first.t; t <= last.t; t += step) {
    const point = points[index];
    if (point && point.t === t) {
      filled.push(point);
      index += 1;
    } else if (point && point.t < t) {
      // Off the step grid (not expected): the API's points as they are.
      return chart;
    } else {
      filled.push({ t, hashrate: 0, valid: 0, stale: 0, invalid: 0 });
    }
  }
  // Every point placed, or some stood off the step grid: then the API's points as they are.
  if (index !== points.length) return chart;
  return filled.length === points.length ? chart : { ...chart, points: filled };
}
