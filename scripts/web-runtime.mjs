// How the web server's Node runs, for `npm start` and the benches alike (issue 16, memory).
// A 32 MB young generation lets short-lived render garbage die there instead of being promoted
// (fewer scavenges too); MALLOC_ARENA_MAX=2 stops glibc's per-thread arenas from holding freed
// zlib and I/O buffers. What the web server then holds under load is V8 sizing its old space
// for the allocation rate, not live data: figures and the trade-off in decision record 009.
// `WEB_NODE_ARGS` (Node and V8 flags, space-separated) replaces the default flags, e.g.
// `--max-semi-space-size=8 --heap-growing-percent=25` on a box short of memory (about 330 MB
// instead of 420 MB after 8,000 distinct URLs at 16 connections, for about 45 % more CPU).
const DEFAULT_NODE_ARGS = ['--max-semi-space-size=32'];

export function webNodeArgs(value) {
  const flags = (value ?? '').trim().split(/\s+/).filter(Boolean);
  if (flags.length === 0) return DEFAULT_NODE_ARGS;
  const bad = flags.filter((flag) => !/^--[a-z0-9-]+(=\S+)?$/i.test(flag));
  if (bad.length > 0) throw new Error(`WEB_NODE_ARGS: not a Node flag: ${bad.join(' ')} (expected --name or --name=value)`);
  return flags;
}

export const WEB_NODE_ARGS = webNodeArgs(process.env.WEB_NODE_ARGS);
export const WEB_ENV = { MALLOC_ARENA_MAX: '2' };
