import { describe, expect, it } from 'vitest';
import type { CoinTicker } from '@openpool/domain/coins';
import { ingestEventSchema } from '@openpool/domain/events';
import { DAY, HOUR, lines, MINUTE, recordSimulator, T0, type RecordedEvent } from './testing.ts';

const ENABLED: CoinTicker[] = ['btc', 'bch', 'ltc', 'kas', 'etc', 'rvn', 'erg', 'alph', 'xmr', 'zeph', 'sal', 'nexa', 'xna'];
const MORE_ENABLED: CoinTicker[] = ['clore', 'rxd', 'kls', 'cfx', 'octa', 'ethw', 'quai', 'xec', 'dgb', 'xel', 'iron', 'fb'];

async function liveTicks(run: (from: number, to: number) => Promise<void>, from: number, to: number, tickMs: number) {
  for (let t = from; t < to; t += tickMs) await run(t, Math.min(to, t + tickMs));
}

describe('simulator determinism', () => {
  it('gives the same events for the same seed and different ones for another seed', async () => {
    const first = recordSimulator({ seed: 1, coins: ['ltc', 'kas'] });
    const again = recordSimulator({ seed: 1, coins: ['ltc', 'kas'] });
    const other = recordSimulator({ seed: 2, coins: ['ltc', 'kas'] });
    for (const { simulator } of [first, again, other]) await simulator.run(T0, T0 + 3 * HOUR, 'backfill');

    expect(first.output.get('sim-ltc')?.length).toBeGreaterThan(1000);
    expect(again.output).toEqual(first.output);
    expect(other.output.get('sim-ltc')).not.toEqual(first.output.get('sim-ltc'));
    expect(other.output.get('sim-kas')).not.toEqual(first.output.get('sim-kas'));
  });

  it('emits exactly run(a, c) as run(a, b) then run(b, c) for a step-aligned b', async () => {
    const coins: CoinTicker[] = ['ltc', 'btc', 'kas'];
    const whole = recordSimulator({ coins });
    const split = recordSimulator({ coins });
    await whole.simulator.run(T0, T0 + 6 * HOUR, 'backfill');
    await split.simulator.run(T0, T0 + 2 * HOUR + 10 * MINUTE, 'backfill');
    await split.simulator.run(T0 + 2 * HOUR + 10 * MINUTE, T0 + 6 * HOUR, 'backfill');
    expect(split.output).toEqual(whole.output);
  });

  it('emits the same live shares however the live range is cut into ticks', async () => {
    const coins: CoinTicker[] = ['ltc', 'kas'];
    const from = T0 + 123_456;
    const whole = recordSimulator({ coins });
    const ticks = recordSimulator({ coins });
    await whole.simulator.run(from, from + 25 * MINUTE, 'live');
    await liveTicks((a, b) => ticks.simulator.run(a, b, 'live'), from, from + 25 * MINUTE, 4_321);
    expect(ticks.output).toEqual(whole.output);
    expect(lines(whole.output.get('sim-kas') ?? '').length).toBeGreaterThan(2000);
  });
});

describe('simulator events', () => {
  it('sends only valid ingest events, in strictly increasing seq per source', async () => {
    const recorded = recordSimulator({ coins: [...ENABLED, ...MORE_ENABLED] });
    const end = T0 + HOUR;
    await recorded.simulator.run(T0, end, 'backfill');
    await liveTicks((a, b) => recorded.simulator.run(a, b, 'live'), end, end + 2 * MINUTE, 5_000);

    expect(recorded.simulator.sources()).toEqual([...ENABLED, ...MORE_ENABLED].map((coin) => `sim-${coin}`));
    const types = new Set<string>();
    for (const [source, ndjson] of recorded.output) {
      let previous = 0;
      for (const line of lines(ndjson)) {
        const event = ingestEventSchema.parse(JSON.parse(line));
        types.add(event.type);
        expect(event.seq, source).toBeGreaterThan(previous);
        expect(recorded.simulator.timeOfSeq(event.seq)).toBe(event.at);
        previous = event.seq;
      }
    }
    expect([...types].sort()).toEqual(['block', 'block_status', 'network', 'share']);
    expect(Math.max(...recorded.batches.map((batch) => batch.lines))).toBeLessThanOrEqual(20_000);
  });

  it('carries merged children in the parent source: doge, pep and bells with ltc, fb with btc', async () => {
    const recorded = recordSimulator({ coins: ['ltc', 'btc'] });
    await recorded.simulator.run(T0, T0 + 2 * DAY, 'backfill');
    const ltc = recorded.events('sim-ltc');
    const networks = new Set(ltc.filter((event) => event.type === 'network').map((event) => event.coin));
    expect([...networks].sort()).toEqual(['bells', 'doge', 'ltc', 'pep']);
    const dogeBlocks = ltc.filter((event) => event.type === 'block' && event.coin === 'doge');
    expect(dogeBlocks.length).toBeGreaterThan(5);
    for (const block of dogeBlocks) expect(block).toMatchObject({ scheme: 'prop', merged_from: 'ltc' });
    const fbBlocks = recorded.events('sim-btc').filter((event) => event.type === 'block' && event.coin === 'fb');
    expect(fbBlocks.length).toBeGreaterThan(0);
    for (const block of fbBlocks) expect(block.merged_from).toBe('btc');
  });
});

describe('simulator resume', () => {
  /** Valid work per worker (address/worker), summed over shares after `seq`. */
  function workAfter(events: readonly RecordedEvent[], seq: number): Map<string, number> {
    const work = new Map<string, number>();
    for (const event of events) {
      if (event.type !== 'share' || event.seq <= seq || event.status !== 'valid') continue;
      const key = `${String(event.address)}/${String(event.worker)}`;
      work.set(key, (work.get(key) ?? 0) + Number(event.difficulty));
    }
    return work;
  }

  it('catches up after a pause with a backfill run, counting no work twice or never', async () => {
    const coins: CoinTicker[] = ['ltc', 'xmr'];
    const from = T0 + 3 * MINUTE;
    const end = from + HOUR;
    // Live ticks stop mid-step, or inside a step's last second, then a backfill catches up.
    for (const pause of [from + 14 * MINUTE + 12_345, T0 + 29 * MINUTE + 59_500]) {
      const reference = recordSimulator({ coins });
      await reference.simulator.run(from, end, 'live');
      const caughtUp = recordSimulator({ coins });
      await liveTicks((a, b) => caughtUp.simulator.run(a, b, 'live'), from, pause, 5_000);
      await caughtUp.simulator.run(pause, end, 'backfill');
      for (const source of caughtUp.simulator.sources()) {
        const expected = workAfter(reference.events(source), 0);
        const actual = workAfter(caughtUp.events(source), 0);
        expect([...actual.keys()].sort(), source).toEqual([...expected.keys()].sort());
        for (const [worker, work] of expected)
          expect(Math.abs((actual.get(worker) ?? 0) - work) / work, worker).toBeLessThan(1e-4);
      }
    }
  });

  it('re-emits a partly committed step exactly as it was first emitted, folded or live', async () => {
    const coins: CoinTicker[] = ['ltc', 'kas', 'xmr'];
    const original = recordSimulator({ coins });
    const backfillEnd = T0 + 2 * HOUR + 7 * MINUTE;
    const end = backfillEnd + 40 * MINUTE;
    await original.simulator.run(T0, backfillEnd, 'backfill');
    await liveTicks((a, b) => original.simulator.run(a, b, 'live'), backfillEnd, end, 5_000);

    // ltc stopped mid-live; kas halfway through a folded step's tail (a batch cut inside a step);
    // xmr inside the step that backfill emitted live up to its end and live ticks finished.
    const pick = (source: string, at: (events: RecordedEvent[]) => RecordedEvent | undefined) => {
      const event = at(original.events(source));
      if (!event) throw new Error(`no event to commit in ${source}`);
      return event.seq;
    };
    const committed = new Map([
      ['sim-ltc', pick('sim-ltc', (events) => events.find((event) => event.at >= backfillEnd + 23 * MINUTE + 11_000))],
      [
        'sim-kas',
        pick('sim-kas', (events) => {
          const tail = events.filter((event) => event.at >= T0 + HOUR - 1000 && event.at < T0 + HOUR);
          return tail[Math.floor(tail.length / 2)];
        }),
      ],
      ['sim-xmr', pick('sim-xmr', (events) => events.find((event) => event.at >= backfillEnd + 1_000))],
    ]);
    const resumed = recordSimulator({ coins });
    await resumed.simulator.resume(committed, end);

    for (const [source, seq] of committed) {
      const step = Math.floor(resumed.simulator.timeOfSeq(seq) / (10 * MINUTE));
      const inCommittedStep = (event: RecordedEvent) => event.seq > seq && Math.floor(event.at / (10 * MINUTE)) === step;
      const before = original.events(source).filter(inCommittedStep);
      expect(before.length, source).toBeGreaterThan(0);
      expect(resumed.events(source).filter(inCommittedStep), source).toEqual(before);
      // Later steps may be folded now where they were live before, but the work is the same.
      const expected = workAfter(original.events(source), seq);
      const actual = workAfter(resumed.events(source), seq);
      expect([...actual.keys()].sort(), source).toEqual([...expected.keys()].sort());
      for (const [worker, work] of expected) expect(Math.abs((actual.get(worker) ?? 0) - work) / work, worker).toBeLessThan(1e-4);
    }
  });
});
