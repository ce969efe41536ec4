// How the web server's Node runs, for `npm start` and the benches alike (issue 16, memory).
// A 16 MB young generation: most render garbage dies there; 8 MB promotes more of it (a
// larger old space, more RSS) and 32 MB only holds more garbage (about 60 MB more RSS under
// load for the same CPU per request; decision 015). MALLOC_ARENA_MAX=1: one glibc arena for
// every thread (the zlib work on libuv's pool included); a second arena held 10-40 MB of freed
// buffers it never returned, for no CPU we could measure on two cores.
// `--heap-growing-percent=70`: after a full collection V8 lets the old generation grow to 1.7x
// what survived, not the up to 4x it picks on a host with much memory. The live data is ~30 MB,
// so a full collection is cheap: RSS under load 310-350 -> 220 MB for 2-3 % of render CPU
// (decision 015, 'The old generation's growth').
// `WEB_NODE_ARGS` (Node and V8 flags, space-separated) replaces the default flags.
const DEFAULT_NODE_ARGS = ['--max-semi-space-size=16', '--heap-growing-percent=70'];

export function webNodeArgs(value) {
  const flags = (value ?? '').trim().split(/\s+/).filter(Boolean);
  if (flags.length === 0) return DEFAULT_NODE_ARGS;
  const bad = flags.filter((flag) => !/^--[a-z0-9-]+(=\S+)?$/i.test(flag));
  if (bad.length > 0) throw new Error(`WEB_NODE_ARGS: not a Node flag: ${bad.join(' ')} (expected --name or --name=value)`);
  return flags;
}

export const WEB_NODE_ARGS = webNodeArgs(process.env.WEB_NODE_ARGS);
export const WEB_ENV = { MALLOC_ARENA_MAX: '1' };
