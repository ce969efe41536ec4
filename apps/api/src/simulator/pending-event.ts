/**
 * Events on their way out: built in time order without their `seq`, then numbered. `seq` is
 * `at * SEQ_PER_MS + index among the source's events in that millisecond`: it grows with
 * time across the whole timeline, is the same whenever the same step is regenerated, and
 * gives the event's time back (`timeOfSeq`). Event times are ~1.8e12 ms, so seq stays far
 * below Number.MAX_SAFE_INTEGER.
 */

export const SEQ_PER_MS = 1000;

export interface PendingEvent {
  at: number;
  /** `{"type":"...","seq":` */
  head: string;
  /** Everything after the seq value, closing brace included. */
  body: string;
}

export function timeOfSeq(seq: number): number {
  return Math.floor(seq / SEQ_PER_MS);
}

/** Numbers events that are already in time order and serialises them as NDJSON lines. */
export function withSeq(events: readonly PendingEvent[]): string[] {
  const lines: string[] = new Array(events.length);
  let previousAt = -1;
  let index = 0;
  events.forEach((event, i) => {
    index = event.at === previousAt ? index + 1 : 0;
    previousAt = event.at;
    if (index >= SEQ_PER_MS) throw new Error(`simulator: more than ${SEQ_PER_MS} events at ${event.at} ms; lower minersPerCoin`);
    lines[i] = `${event.head}${event.at * SEQ_PER_MS + index}${event.body}`;
  });
  return lines;
}
