/**
 * RandomX through Debian's librandomx0 (tevador's reference library), called with koffi.
 * Nothing is loaded until `loadRandomX` runs, so the product installs and starts without the
 * library; only the Monero stratum needs it, and says which package to install.
 *
 * One cache (light mode, 256 MiB) or dataset (fast mode, 2 GiB) per seed hash; the seed
 * changes every 2,048 blocks and the node names the next one 64 blocks ahead, so two epochs
 * are kept and the next one is prepared before the switch. Hashes run as koffi asynchronous
 * calls on its worker threads, each on a VM of its own (a VM is not thread-safe; the cache is
 * read-only and shared), so the event loop never waits on a hash.
 */
import { cpus } from 'node:os';
import type Koffi from 'koffi';

export const RANDOMX_LIBRARY = 'librandomx.so.0';
export const RANDOMX_PACKAGE = 'librandomx0';

// randomx.h's flags.
const FLAG_FULL_MEM = 4;

export type RandomXMode = 'light' | 'fast';

export interface RandomX {
  readonly mode: RandomXMode;
  /** RandomX of `input` under the key `seed` (the seed block's 32-byte hash). */
  hash(seed: Buffer, input: Buffer): Promise<Buffer>;
  /** Builds the cache (and dataset) of a seed ahead of its first hash. */
  prepare(seed: Buffer): Promise<void>;
  /** Seeds whose caches are held now. */
  seeds(): string[];
  close(): void;
}

export interface RandomXOptions {
  /** Fast mode: a 2 GiB dataset per epoch, about 8x faster hashes once built. */
  fast?: boolean;
  /** Hashes computed at once (VMs per epoch); the machine's cores by default. */
  threads?: number;
  /** Epochs held at once (2: the current one and the next or previous one). */
  epochs?: number;
}

type Pointer = unknown;
interface AsyncFn {
  (...args: unknown[]): unknown;
  async(...args: unknown[]): void;
}

interface Library {
  get_flags: () => number;
  alloc_cache: (flags: number) => Pointer;
  init_cache: AsyncFn;
  release_cache: (cache: Pointer) => void;
  alloc_dataset: (flags: number) => Pointer;
  dataset_item_count: () => number;
  init_dataset: AsyncFn;
  release_dataset: (dataset: Pointer) => void;
  create_vm: (flags: number, cache: Pointer, dataset: Pointer) => Pointer;
  destroy_vm: (vm: Pointer) => void;
  calculate_hash: AsyncFn;
}

/** Thrown when librandomx0 or koffi cannot be loaded: the message names what to install. */
export class RandomXUnavailable extends Error {
  override name = 'RandomXUnavailable';
}

// Opened once per process: koffi refuses a type name declared twice, and two RandomX
// instances (light and fast in one benchmark, a test's miner and pool) share the library.
let opened: Promise<Library> | undefined;
function openLibrary(): Promise<Library> {
  opened ??= openLibraryOnce();
  // A failed load is retried by the next call (the message names the package to install).
  opened.catch(() => (opened = undefined));
  return opened;
}

async function openLibraryOnce(): Promise<Library> {
  let koffi: typeof Koffi;
  try {
    koffi = (await import('koffi')).default;
  } catch (error) {
    throw new RandomXUnavailable(`the FFI package koffi is missing (npm ci): ${(error as Error).message}`);
  }
  let lib: ReturnType<typeof koffi.load>;
  try {
    lib = koffi.load(RANDOMX_LIBRARY);
  } catch (error) {
    throw new RandomXUnavailable(
      `RandomX (${RANDOMX_LIBRARY}) is not installed: the Monero stratum checks every share with it. ` +
        `Install Debian's ${RANDOMX_PACKAGE} (apt-get install ${RANDOMX_PACKAGE}) ` +
        `[${(error as Error).message.split('\n')[0]}]`,
    );
  }
  koffi.opaque('randomx_cache');
  koffi.opaque('randomx_dataset');
  koffi.opaque('randomx_vm');
  const fn = (prototype: string) => lib.func(prototype) as unknown as AsyncFn;
  return {
    get_flags: fn('int randomx_get_flags()') as () => number,
    alloc_cache: fn('randomx_cache *randomx_alloc_cache(int flags)') as (flags: number) => Pointer,
    init_cache: fn('void randomx_init_cache(randomx_cache *cache, const void *key, size_t keySize)'),
    release_cache: fn('void randomx_release_cache(randomx_cache *cache)') as (cache: Pointer) => void,
    alloc_dataset: fn('randomx_dataset *randomx_alloc_dataset(int flags)') as (flags: number) => Pointer,
    dataset_item_count: fn('unsigned long randomx_dataset_item_count()') as () => number,
    init_dataset: fn(
      'void randomx_init_dataset(randomx_dataset *dataset, randomx_cache *cache, unsigned long startItem, unsigned long itemCount)',
    ),
    release_dataset: fn('void randomx_release_dataset(randomx_dataset *dataset)') as (dataset: Pointer) => void,
    create_vm: fn('randomx_vm *randomx_create_vm(int flags, randomx_cache *cache, randomx_dataset *dataset)') as (
      flags: number,
      cache: Pointer,
      dataset: Pointer,
    ) => Pointer,
    destroy_vm: fn('void randomx_destroy_vm(randomx_vm *machine)') as (vm: Pointer) => void,
    calculate_hash: fn('void randomx_calculate_hash(randomx_vm *machine, const void *input, size_t inputSize, void *output)'),
  };
}

const call = (fn: AsyncFn, ...args: unknown[]) =>
  new Promise<void>((resolve, reject) => fn.async(...args, (error: unknown) => (error ? reject(error) : resolve())));

interface Epoch {
  key: string;
  seed: Buffer;
  ready: Promise<void>;
  cache?: Pointer;
  dataset?: Pointer;
  vms: Pointer[];
  free: Pointer[];
  waiting: ((vm: Pointer) => void)[];
  busy: number;
  lastUse: number;
  retired: boolean;
}

export async function loadRandomX(options: RandomXOptions = {}): Promise<RandomX> {
  const lib = await openLibrary();
  const mode: RandomXMode = options.fast ? 'fast' : 'light';
  const threads = Math.max(1, options.threads ?? cpus().length);
  const maxEpochs = Math.max(1, options.epochs ?? 2);
  // The library's recommendation for this CPU (JIT, hardware AES, Argon2 SIMD), plus full memory in fast mode.
  const flags = lib.get_flags() | (options.fast ? FLAG_FULL_MEM : 0);
  const epochs = new Map<string, Epoch>();
  let useCounter = 0;
  let closed = false;

  function free(epoch: Epoch) {
    for (const vm of epoch.vms) lib.destroy_vm(vm);
    epoch.vms = [];
    epoch.free = [];
    if (epoch.dataset) lib.release_dataset(epoch.dataset);
    if (epoch.cache) lib.release_cache(epoch.cache);
    epoch.dataset = epoch.cache = undefined;
  }

  /** Drops the least recently used epochs past the limit; one in use is freed when its hashes end. */
  function evict() {
    const live = [...epochs.values()].sort((a, b) => b.lastUse - a.lastUse);
    for (const epoch of live.slice(maxEpochs)) {
      epochs.delete(epoch.key);
      epoch.retired = true;
      if (epoch.busy === 0) void epoch.ready.then(() => free(epoch)).catch(() => undefined);
    }
  }

  async function build(epoch: Epoch): Promise<void> {
    const cache = lib.alloc_cache(flags);
    if (!cache) throw new Error('randomx_alloc_cache failed (out of memory?)');
    epoch.cache = cache;
    await call(lib.init_cache, cache, epoch.seed, epoch.seed.length);
    if (options.fast) {
      const dataset = lib.alloc_dataset(flags);
      if (!dataset)
        throw new Error('randomx_alloc_dataset failed: fast mode needs 2 GiB free (XMR_RANDOMX_FAST=0 for light mode)');
      epoch.dataset = dataset;
      // The dataset's items are independent: built in one slice per thread.
      const items = Number(lib.dataset_item_count());
      const per = Math.ceil(items / threads);
      const slices = [];
      for (let start = 0; start < items; start += per) {
        slices.push(call(lib.init_dataset, dataset, cache, start, Math.min(per, items - start)));
      }
      await Promise.all(slices);
    }
  }

  function epochOf(seed: Buffer): Epoch {
    if (closed) throw new Error('RandomX is closed');
    // Monero's seeds are 32-byte block hashes; RandomX itself takes keys of 1 to 60 bytes.
    if (seed.length < 1 || seed.length > 60) throw new Error('a RandomX key is 1 to 60 bytes');
    const key = seed.toString('hex');
    let epoch = epochs.get(key);
    if (!epoch) {
      epoch = {
        key,
        seed: Buffer.from(seed),
        ready: Promise.resolve(),
        vms: [],
        free: [],
        waiting: [],
        busy: 0,
        lastUse: ++useCounter,
        retired: false,
      };
      const created = epoch;
      epoch.ready = build(created).catch((error: unknown) => {
        epochs.delete(created.key);
        free(created);
        throw error;
      });
      epochs.set(key, epoch);
      evict();
    }
    epoch.lastUse = ++useCounter;
    return epoch;
  }

  function acquire(epoch: Epoch): Promise<Pointer> {
    const vm = epoch.free.pop();
    if (vm) return Promise.resolve(vm);
    if (epoch.vms.length < threads) {
      const created = lib.create_vm(flags, epoch.cache, epoch.dataset ?? null);
      if (!created) return Promise.reject(new Error('randomx_create_vm failed'));
      epoch.vms.push(created);
      return Promise.resolve(created);
    }
    return new Promise((resolve) => epoch.waiting.push(resolve));
  }

  function release(epoch: Epoch, vm: Pointer) {
    const next = epoch.waiting.shift();
    if (next) return next(vm);
    epoch.free.push(vm);
    if (epoch.retired && epoch.busy === 0) free(epoch);
  }

  return {
    mode,
    async hash(seed, input) {
      const epoch = epochOf(seed);
      epoch.busy += 1;
      let vm: Pointer | undefined;
      try {
        await epoch.ready;
        vm = await acquire(epoch);
        const output = Buffer.alloc(32);
        await call(lib.calculate_hash, vm, input, input.length, output);
        return output;
      } finally {
        epoch.busy -= 1;
        if (vm) release(epoch, vm);
        else if (epoch.retired && epoch.busy === 0) free(epoch);
      }
    },
    async prepare(seed) {
      await epochOf(seed).ready;
    },
    seeds: () => [...epochs.keys()],
    close() {
      closed = true;
      for (const epoch of epochs.values()) {
        epoch.retired = true;
        if (epoch.busy === 0) void epoch.ready.then(() => free(epoch)).catch(() => undefined);
      }
      epochs.clear();
    },
  };
}
