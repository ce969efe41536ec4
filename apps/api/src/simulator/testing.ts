/** Test helpers: a simulator whose `send` records every batch per source. */
import { readFileSync } from 'node:fs';
import type { CoinTicker } from '@openpool/domain/coins';
import { parsePoolConfig, type PoolConfig } from '@openpool/domain/pool-config';
import { createSimulator, type Simulator } from './simulator.ts';

export const pool: PoolConfig = parsePoolConfig(
  JSON.parse(readFileSync(new URL('../../../../content/pools.json', import.meta.url), 'utf8')),
);

/** A day boundary, so step-aligned. */
export const T0 = Date.UTC(2025, 4, 10);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface Recorded {
  simulator: Simulator;
  /** Everything sent so far, concatenated per source. */
  output: Map<string, string>;
  batches: { source: string; lines: number }[];
  /** Parsed lines of a source (or of all sources), in order. */
  events(source?: string): RecordedEvent[];
}

export interface RecordedEvent {
  type: 'share' | 'block' | 'block_status' | 'network';
  seq: number;
  at: number;
  coin: string;
  [field: string]: unknown;
}

export function recordSimulator(options: { seed?: number; coins: readonly CoinTicker[]; minersPerCoin?: number }): Recorded {
  const output = new Map<string, string>();
  const batches: { source: string; lines: number }[] = [];
  const simulator = createSimulator({
    seed: options.seed ?? 7,
    coins: options.coins,
    pool,
    minersPerCoin: options.minersPerCoin,
    send: async (source, ndjson) => {
      output.set(source, (output.get(source) ?? '') + ndjson);
      batches.push({ source, lines: ndjson.split('\n').length - 1 });
    },
  });
  const events = (source?: string): RecordedEvent[] => {
    const sources = source === undefined ? [...output.keys()] : [source];
    return sources.flatMap((name) => lines(output.get(name) ?? '').map((line) => JSON.parse(line) as RecordedEvent));
  };
  return { simulator, output, batches, events };
}

export function lines(ndjson: string): string[] {
  return ndjson.split('\n').filter((line) => line !== '');
}
