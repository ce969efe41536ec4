// How the web server's Node runs, for `npm start` and the benches alike (issue 16, memory).
// Measured with 2,000 uncached renders at 8 connections (bench notes in decision record 009):
// RSS about 460 MB with Node's defaults, 335 MB with a 32 MB young generation (short-lived render
// garbage dies there instead of being promoted and growing the old space; fewer scavenges too),
// 315 MB adding MALLOC_ARENA_MAX=2 (glibc's per-thread arenas hold freed zlib and I/O buffers).
export const WEB_NODE_ARGS = ['--max-semi-space-size=32'];
export const WEB_ENV = { MALLOC_ARENA_MAX: '2' };
