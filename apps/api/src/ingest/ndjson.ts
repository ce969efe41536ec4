/**
 * Parses an ingest body: one event per line, blank lines ignored. The first bad line
 * fails the whole batch (nothing is applied) with its 1-based line number, so a sender can
 * fix and resend; `seq` must grow strictly within a batch.
 */
import { sampleOutOfBounds } from '@openpool/domain/chain-bounds';
import type { ChainKind } from '@openpool/domain/chain-params';
import { ingestEventSchema, isPlainValidShare, type IngestEvent } from '@openpool/domain/events';

/**
 * Events may be up to this far ahead of our clock (stratum servers' clocks drift); they are
 * counted at our clock's time, so no event moves a coin's clock past the wall clock.
 */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface EventLimits {
  /** Events before this (unix ms) are refused: the engine can no longer account them. */
  oldestMs?: number;
  /** Which chain each coin's samples come from (decision 018); main when not said. */
  chainOf?: (coin: string) => ChainKind;
}

export class NdjsonError extends Error {
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

export function parseEvents(body: string, nowMs: number, limits: EventLimits = {}): IngestEvent[] {
  const events: IngestEvent[] = [];
  let lineNumber = 0;
  let start = 0;
  let previousSeq = 0;
  while (start <= body.length) {
    let end = body.indexOf('\n', start);
    if (end === -1) end = body.length;
    lineNumber += 1;
    const line = body.slice(start, end).trim();
    start = end + 1;
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new NdjsonError(lineNumber, 'not valid JSON');
    }
    let event: IngestEvent;
    if (isPlainValidShare(value)) {
      event = value;
    } else {
      const parsed = ingestEventSchema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new NdjsonError(lineNumber, `${issue?.path.join('.') || 'event'}: ${issue?.message ?? 'invalid'}`);
      }
      event = parsed.data;
    }
    if (event.seq <= previousSeq) throw new NdjsonError(lineNumber, `seq ${event.seq} does not grow (previous ${previousSeq})`);
    if (event.at > nowMs + MAX_CLOCK_SKEW_MS)
      throw new NdjsonError(lineNumber, `at: ${new Date(event.at).toISOString()} is in the future (more than 5 minutes ahead)`);
    if (event.at > nowMs) event.at = nowMs;
    if (limits.oldestMs !== undefined && event.at < limits.oldestMs)
      throw new NdjsonError(
        lineNumber,
        `at: ${new Date(event.at).toISOString()} is older than the engine can still account (${new Date(limits.oldestMs).toISOString()})`,
      );
    if (event.type === 'network') {
      const outside = sampleOutOfBounds(event.coin, limits.chainOf?.(event.coin) ?? 'main', event);
      if (outside) throw new NdjsonError(lineNumber, outside);
    }
    previousSeq = event.seq;
    events.push(event);
  }
  return events;
}
