/**
 * Counter-based randomness for the simulator. Every draw is a pure function of its keys
 * (seed, coin, step, miner, purpose ...), never the next value of one stream advanced
 * through history: that is what lets any time range be regenerated on its own and come out
 * identical, so a replay after a restart produces the same events with the same `seq`.
 */

const TWO_32 = 4294967296;

/** One round of MurmurHash3's body: folds a 32-bit word into the running hash. */
function absorb(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  const mixed = h ^ k;
  return (Math.imul((mixed << 13) | (mixed >>> 19), 5) + 0xe6546b64) | 0;
}

/** MurmurHash3's finaliser: every input bit affects every output bit. */
function finalise(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A uint32 hash of up to five integer keys (each taken modulo 2^32). */
export function hash(a: number, b: number, c = 0, d = 0, e = 0): number {
  return finalise(absorb(absorb(absorb(absorb(absorb(0x2545f491, a), b), c), d), e));
}

/** A uniform draw in [0, 1) keyed like `hash`. */
export function uniform(a: number, b: number, c = 0, d = 0, e = 0): number {
  return hash(a, b, c, d, e) / TWO_32;
}

/** A standard normal draw (Box-Muller) keyed like `hash`. */
export function gaussian(a: number, b: number, c = 0, d = 0): number {
  const u1 = (hash(a, b, c, d, 1) + 1) / (TWO_32 + 1);
  const u2 = hash(a, b, c, d, 2) / TWO_32;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

/** A multiplicative noise factor with mean exactly 1 (log-normal with spread `sigma`). */
export function meanOneNoise(sigma: number, a: number, b: number, c = 0, d = 0): number {
  return Math.exp(sigma * gaussian(a, b, c, d) - (sigma * sigma) / 2);
}

/**
 * Smooth value noise in [-1, 1]: random knots every `periodMs`, eased between them. Anything
 * that drifts (network hashrate, a miner's hashrate) is a function of time built from it,
 * rather than state accumulated step by step.
 */
export function valueNoise(key: number, timeMs: number, periodMs: number): number {
  const x = timeMs / periodMs;
  const knot = Math.floor(x);
  const f = x - knot;
  const left = uniform(key, knot) * 2 - 1;
  const right = uniform(key, knot + 1) * 2 - 1;
  return left + (right - left) * f * f * (3 - 2 * f);
}

/** FNV-1a: a stable 32-bit key for a name (a coin ticker, a purpose). */
export function keyOf(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The seed as a 32-bit key; seeds beyond 2^32 keep their high bits too. */
export function seedKey(seed: number): number {
  return hash(seed >>> 0, Math.floor(seed / TWO_32) >>> 0, 0x5eed);
}

/**
 * A small sequential generator (mulberry32) for building one identity at a time (an address,
 * a worker list). It is always seeded from `hash`, so it too is a pure function of its keys.
 */
export interface Rng {
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  function next(): number {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / TWO_32;
  }
  return {
    next,
    int: (minInclusive, maxInclusive) => minInclusive + Math.floor(next() * (maxInclusive - minInclusive + 1)),
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

/**
 * A Poisson count with mean `lambda` from one uniform draw (inverse CDF). Block counts per
 * step are small; past 60 a normal approximation avoids underflow.
 */
export function poisson(lambda: number, u: number, u2: number): number {
  if (lambda <= 0) return 0;
  if (lambda > 60) {
    const z = Math.sqrt(-2 * Math.log(u + 1e-12)) * Math.cos(2 * Math.PI * u2);
    return Math.max(0, Math.round(lambda + Math.sqrt(lambda) * z));
  }
  let p = Math.exp(-lambda);
  let cumulative = p;
  let count = 0;
  while (u > cumulative && count < 1000) {
    count += 1;
    p *= lambda / count;
    cumulative += p;
  }
  return count;
}
