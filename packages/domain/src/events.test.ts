import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ingestEventSchema,
  isPlainValidShare,
  toNdjson,
  type BlockEvent,
  type BlockStatusEvent,
  type IngestEvent,
  type NetworkEvent,
  type ShareEvent,
} from './events.ts';
import { MAX_CONFIRMATIONS, MAX_HEIGHT, MAX_NETWORK_HASHRATE, maxDifficulty, maxRewardUnits } from './chain-bounds.ts';

const AT = Date.UTC(2025, 0, 15, 12, 0, 0);

function createShareEvent(overrides: Partial<ShareEvent> = {}): ShareEvent {
  return {
    type: 'share',
    seq: 1,
    coin: 'ltc',
    address: 'ltc1qg82p7ag7ez4vs4xq2e2y6pqj3wzf2lqd0k7c5u',
    worker: 'rig-01',
    scheme: 'pps',
    difficulty: 65_536,
    status: 'valid',
    ip: '203.0.113.7',
    at: AT,
    agent: 'lolMiner/1.92',
    country: 'DE',
    ...overrides,
  };
}

function createBlockEvent(overrides: Partial<BlockEvent> = {}): BlockEvent {
  return {
    type: 'block',
    seq: 2,
    coin: 'ltc',
    height: 2_800_000,
    hash: 'a3f1c9e07b2d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f',
    finder: 'ltc1qg82p7ag7ez4vs4xq2e2y6pqj3wzf2lqd0k7c5u',
    worker: 'rig-01',
    scheme: 'prop',
    reward: '625000000',
    fees: '1250000',
    at: AT,
    ...overrides,
  };
}

function createBlockStatusEvent(overrides: Partial<BlockStatusEvent> = {}): BlockStatusEvent {
  return {
    type: 'block_status',
    seq: 3,
    coin: 'doge',
    hash: 'b4e2d0f18c3e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a',
    confirmations: 12,
    orphaned: false,
    at: AT,
    ...overrides,
  };
}

function createNetworkEvent(overrides: Partial<NetworkEvent> = {}): NetworkEvent {
  return {
    type: 'network',
    seq: 4,
    coin: 'btc',
    difficulty: 1.1e14,
    hashrate: 8e20,
    height: 900_000,
    reward: '312500000',
    at: AT,
    ...overrides,
  };
}

function accepts(event: unknown): boolean {
  return ingestEventSchema.safeParse(event).success;
}

describe('ingestEventSchema', () => {
  it.each([
    ['share', createShareEvent()],
    ['share without agent and country', createShareEvent({ agent: undefined, country: undefined })],
    ['block', createBlockEvent()],
    ['block of a merged coin, without worker', createBlockEvent({ coin: 'doge', worker: undefined })],
    ['block_status', createBlockStatusEvent()],
    ['orphaned block_status', createBlockStatusEvent({ orphaned: true, confirmations: 0 })],
    ['network', createNetworkEvent()],
  ])('accepts a valid %s event as it is', (_label, event) => {
    const parsed = ingestEventSchema.parse(JSON.parse(JSON.stringify(event)));
    expect(parsed).toEqual(JSON.parse(JSON.stringify(event)));
  });

  it('lower-cases a block hash, so the same block in upper case is the same block', () => {
    const upper = createBlockEvent({ hash: 'A3F1C9E07B2D' });
    expect(ingestEventSchema.parse(upper)).toMatchObject({ hash: 'a3f1c9e07b2d' });
    expect(
      ingestEventSchema.parse({
        type: 'block_status',
        seq: 1,
        coin: 'ltc',
        hash: 'ABc1',
        confirmations: 1,
        orphaned: false,
        at: upper.at,
      }),
    ).toMatchObject({
      hash: 'abc1',
    });
  });

  it('accepts a worker of exactly 64 characters and an e-mail account', () => {
    expect(accepts(createShareEvent({ worker: 'w'.repeat(64) }))).toBe(true);
    expect(accepts(createShareEvent({ address: 'miner@example.com' }))).toBe(true);
  });

  it('accepts every bound itself, per coin', () => {
    expect(accepts(createShareEvent({ coin: 'btc', difficulty: maxDifficulty('btc') }))).toBe(true);
    expect(
      accepts(createNetworkEvent({ coin: 'etc', difficulty: maxDifficulty('etc'), reward: maxRewardUnits('etc').toString() })),
    ).toBe(true);
    expect(accepts(createNetworkEvent({ height: MAX_HEIGHT, hashrate: MAX_NETWORK_HASHRATE }))).toBe(true);
    expect(isPlainValidShare(createShareEvent({ difficulty: maxDifficulty('ltc') }))).toBe(true);
    expect(isPlainValidShare(createShareEvent({ difficulty: maxDifficulty('ltc') * 2 }))).toBe(false);
    // Best shares and reported hashrate (decision 023): a stale share may have missed its target, a valid one not.
    for (const share of [
      createShareEvent({ actual_difficulty: 1e9, reported_hashrate: 5e9 }),
      createShareEvent({ status: 'stale', difficulty: 64, actual_difficulty: 10 }),
      createShareEvent({ actual_difficulty: maxDifficulty('ltc'), reported_hashrate: 0 }),
    ]) {
      expect(isPlainValidShare(share)).toBe(true);
      expect(accepts(share)).toBe(true);
    }
    // Per coin where it matters: an 18-decimal chain's reward would be absurd for litecoin.
    expect(maxRewardUnits('etc')).toBeGreaterThan(maxRewardUnits('ltc'));
    expect(maxDifficulty('btc')).toBeGreaterThan(maxDifficulty('ltc'));
  });

  it.each<[string, unknown]>([
    ['an unknown type', { ...createShareEvent(), type: 'payout' }],
    ['no type', { ...createShareEvent(), type: undefined }],
    ['an extra field', { ...createShareEvent(), extra: 1 }],
    ['an extra field on a block', { ...createBlockEvent(), subsidy: '1' }],
    ['a negative seq', createShareEvent({ seq: -1 })],
    ['seq 0', createShareEvent({ seq: 0 })],
    ['a non-integer seq', createShareEvent({ seq: 1.5 })],
    ['a seq beyond safe integers', createShareEvent({ seq: Number.MAX_SAFE_INTEGER + 2 })],
    ['an IPv4 address with an octet above 255', createShareEvent({ ip: '256.1.1.1' })],
    ['an IPv4 address with three octets', createShareEvent({ ip: '10.0.0' })],
    ['an IPv4 address with a leading zero', createShareEvent({ ip: '010.0.0.1' })],
    ['a host name as ip', createShareEvent({ ip: 'localhost' })],
    ['an address with a space', createShareEvent({ address: 'ltc1q g82p7ag7' })],
    ['an empty address', createShareEvent({ address: '' })],
    ['a finder with a space', createBlockEvent({ finder: 'ltc1q g82p7ag7' })],
    ['a worker of 65 characters', createShareEvent({ worker: 'w'.repeat(65) })],
    ['a worker with a slash', createShareEvent({ worker: 'rig/01' })],
    ['a block reward with a decimal point', createBlockEvent({ reward: '6.25' })],
    ['a block reward with a leading zero', createBlockEvent({ reward: '0625000000' })],
    ['a negative block reward', createBlockEvent({ reward: '-1' })],
    ['a block reward as a number', { ...createBlockEvent(), reward: 625000000 }],
    ['block fees with a decimal point', createBlockEvent({ fees: '0.5' })],
    ['a network reward with a leading zero', createNetworkEvent({ reward: '00' })],
    ['share difficulty 0', createShareEvent({ difficulty: 0 })],
    ['negative share difficulty', createShareEvent({ difficulty: -1 })],
    ['network difficulty 0', createNetworkEvent({ difficulty: 0 })],
    ['an unknown coin', { ...createShareEvent(), coin: 'eth' }],
    ['an unknown coin on a block', { ...createBlockEvent(), coin: 'eth' }],
    ['a share of a merge-mined child (no one mines doge alone here)', { ...createShareEvent(), coin: 'doge' }],
    ['an unknown scheme', { ...createShareEvent(), scheme: 'pplns' }],
    ['an unknown share status', { ...createShareEvent(), status: 'rejected' }],
    ['a time before bitcoin', createShareEvent({ at: Date.UTC(2008, 11, 31) })],
    ['a time in seconds, not milliseconds', createShareEvent({ at: 1_736_942_400.5 })],
    ['a lower-case country', createShareEvent({ country: 'de' })],
    ['a valid share whose hash reached less than its difficulty', createShareEvent({ difficulty: 64, actual_difficulty: 63 })],
    ['a reached difficulty above the coin’s', createShareEvent({ actual_difficulty: maxDifficulty('ltc') * 2 })],
    ['a negative reported hashrate', createShareEvent({ reported_hashrate: -1 })],
    ['a reported hashrate above any network’s', createShareEvent({ reported_hashrate: MAX_NETWORK_HASHRATE * 2 })],
    ['a block hash with a space', createBlockStatusEvent({ hash: 'ab cd' })],
    ['negative confirmations', createBlockStatusEvent({ confirmations: -1 })],
    // Bounds of what a real chain can produce (chain-bounds.ts, decision 008).
    ['a share above what its coin can ask for', createShareEvent({ difficulty: maxDifficulty('ltc') * 2 })],
    ['the old schema maximum 1e30', createShareEvent({ coin: 'etc', difficulty: 1e30 })],
    ['a network difficulty above its coin’s', createNetworkEvent({ coin: 'btc', difficulty: maxDifficulty('btc') * 2 })],
    ['a network reward above what a block can pay', createNetworkEvent({ reward: (maxRewardUnits('ltc') + 1n).toString() })],
    ['a block reward above what a block can pay', createBlockEvent({ reward: (maxRewardUnits('ltc') + 1n).toString() })],
    ['block fees above the reward', createBlockEvent({ reward: '100', fees: '101' })],
    ['a height beyond any chain', createNetworkEvent({ height: MAX_HEIGHT + 1 })],
    ['a hashrate beyond any network', createNetworkEvent({ hashrate: MAX_NETWORK_HASHRATE * 2 })],
    ['confirmations beyond any maturity', createBlockStatusEvent({ confirmations: MAX_CONFIRMATIONS + 1 })],
  ])('rejects %s', (_label, event) => {
    expect(accepts(event)).toBe(false);
  });
});

describe('toNdjson', () => {
  const events: IngestEvent[] = [createShareEvent(), createBlockEvent(), createBlockStatusEvent(), createNetworkEvent()];

  it('writes one line per event, each ending in a newline', () => {
    const body = toNdjson(events);
    expect(body.endsWith('\n')).toBe(true);
    const lines = body.split('\n');
    expect(lines).toHaveLength(events.length + 1);
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((line) => JSON.parse(line) as unknown)).toEqual(events);
  });

  it('writes nothing for no events', () => {
    expect(toNdjson([])).toBe('');
  });

  it('keeps a newline inside a field from splitting the line', () => {
    const body = toNdjson([createShareEvent({ agent: 'bad\nagent' })]);
    expect(body.split('\n')).toHaveLength(2);
    expect((JSON.parse(body) as ShareEvent).agent).toBe('bad\nagent');
  });

  it('round-trips any batch of shares through JSON.parse and the schema', () => {
    const share = fc.record({
      seq: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      worker: fc.stringMatching(/^[A-Za-z0-9._~-]{1,64}$/),
      difficulty: fc.double({ min: 1e-6, max: 1e12, noNaN: true }),
      agent: fc.string({ maxLength: 64 }),
    });
    fc.assert(
      fc.property(fc.array(share, { maxLength: 10 }), (parts) => {
        const batch = parts.map((part) => createShareEvent(part));
        const lines = toNdjson(batch).split('\n');
        expect(lines.pop()).toBe('');
        expect(lines).toHaveLength(batch.length);
        expect(lines.map((line) => ingestEventSchema.parse(JSON.parse(line)))).toEqual(batch);
      }),
      { numRuns: 100 },
    );
  });
});

describe('isPlainValidShare (the ingest fast path)', () => {
  const base = {
    type: 'share',
    seq: 1,
    coin: 'ltc',
    address: 'ltc1qexample',
    worker: 'rig01',
    scheme: 'pps',
    difficulty: 65536,
    status: 'valid',
    ip: '192.0.2.1',
    at: Date.UTC(2026, 0, 1),
  };

  it('accepts a plain share and refuses what the schema refuses', () => {
    expect(isPlainValidShare(base)).toBe(true);
    for (const bad of [
      { ...base, extra: 1 },
      { ...base, seq: 0 },
      { ...base, seq: 1.5 },
      { ...base, coin: 'doge' },
      { ...base, address: 'a b' },
      { ...base, worker: 'x'.repeat(65) },
      { ...base, scheme: 'pplns' },
      { ...base, difficulty: 0 },
      { ...base, difficulty: Number.NaN },
      { ...base, status: 'ok' },
      { ...base, ip: '256.0.0.1' },
      { ...base, at: 5 },
      { ...base, country: 'us' },
      { ...base, agent: 'x'.repeat(65) },
      null,
      'share',
    ]) {
      expect(isPlainValidShare(bad)).toBe(false);
    }
  });

  it('never accepts what the schema refuses', () => {
    const arb = fc.record({
      type: fc.constantFrom('share', 'block'),
      seq: fc.oneof(fc.integer({ min: -2, max: 10 }), fc.double()),
      coin: fc.constantFrom('ltc', 'btc', 'doge', 'LTC', ''),
      address: fc.string({ maxLength: 8 }),
      worker: fc.string({ maxLength: 8 }),
      scheme: fc.constantFrom('pps', 'prop', 'solo', 'x'),
      difficulty: fc.oneof(fc.double(), fc.integer()),
      status: fc.constantFrom('valid', 'stale', 'invalid', 'no'),
      ip: fc.constantFrom('192.0.2.1', '1.2.3', '01.2.3.4', '255.255.255.255'),
      at: fc.oneof(fc.constant(Date.UTC(2026, 0, 1)), fc.integer()),
      country: fc.option(fc.constantFrom('US', 'us', 'USA'), { nil: undefined }),
      actual_difficulty: fc.option(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(1e13, 2e13, 1e-12)), { nil: undefined }),
      reported_hashrate: fc.option(fc.oneof(fc.double(), fc.constantFrom(0, 1e24, 2e24, -1)), { nil: undefined }),
    });
    fc.assert(
      fc.property(arb, (value) => {
        const plain = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
        if (isPlainValidShare(plain)) expect(ingestEventSchema.safeParse(plain).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
