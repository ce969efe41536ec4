// How Node runs the web server and the API, for `npm start` and the site the benches start
// (bench/lib/site.mjs) alike (decision 015, memory under 300 MB).
//
// Web server: a 16 MB young generation: most render garbage dies there; 8 MB promotes more of it
// (a larger old space, more RSS) and 32 MB only holds more garbage (about 60 MB more RSS under
// load for the same CPU per request; decision 015). MALLOC_ARENA_MAX=1: one glibc arena for
// every thread (the zlib work on libuv's pool included); a second arena held 10-40 MB of freed
// buffers it never returned, for no CPU we could measure on two cores.
//
// Both: `--heap-growing-percent=70`: after a full collection V8 lets the old generation grow to
// 1.7x what survived, not the up to 4x it picks on a host with much memory. Each process keeps
// ~30-40 MB of live data, so a full collection is cheap: the web server's RSS under load
// 310-350 -> 220-250 MB for 2-3 % of render CPU; the API's peak while it backfills a week of
// history 574 -> 387 MB, in the same 37-38 s (decision 015, 'The old generation's growth').
//
// `WEB_NODE_ARGS` / `API_NODE_ARGS` (Node and V8 flags, space-separated) replace the defaults.
const WEB_DEFAULT = ['--max-semi-space-size=16', '--heap-growing-percent=70'];
const API_DEFAULT = ['--heap-growing-percent=70'];

export function nodeArgs(variable, value, defaults) {
  const flags = (value ?? '').trim().split(/\s+/).filter(Boolean);
  if (flags.length === 0) return defaults;
  const bad = flags.filter((flag) => !/^--[a-z0-9-]+(=\S+)?$/i.test(flag));
  if (bad.length > 0) throw new Error(`${variable}: not a Node flag: ${bad.join(' ')} (expected --name or --name=value)`);
  return flags;
}

export const webNodeArgs = (value) => nodeArgs('WEB_NODE_ARGS', value, WEB_DEFAULT);
export const apiNodeArgs = (value) => nodeArgs('API_NODE_ARGS', value, API_DEFAULT);

export const WEB_NODE_ARGS = webNodeArgs(process.env.WEB_NODE_ARGS);
export const API_NODE_ARGS = apiNodeArgs(process.env.API_NODE_ARGS);
export const WEB_ENV = { MALLOC_ARENA_MAX: '1' };
