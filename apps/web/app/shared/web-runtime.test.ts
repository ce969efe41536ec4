import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the repo root (npm start and the benches use it), no types.
import { webNodeArgs } from '../../../../scripts/web-runtime.mjs';

describe('WEB_NODE_ARGS', () => {
  it('defaults to a 16 MB young generation and a 1.7x old generation growth when unset or blank', () => {
    expect(webNodeArgs(undefined)).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=70']);
    expect(webNodeArgs('  ')).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=70']);
  });

  it('replaces the default with the flags given, space-separated', () => {
    expect(webNodeArgs(' --max-semi-space-size=16  --heap-growing-percent=20 ')).toEqual([
      '--max-semi-space-size=16',
      '--heap-growing-percent=20',
    ]);
  });

  it('names what is not a flag instead of starting a web server that would not run', () => {
    expect(() => webNodeArgs('--max-semi-space-size=16 server.js -e')).toThrow('WEB_NODE_ARGS: not a Node flag: server.js -e');
  });
});
