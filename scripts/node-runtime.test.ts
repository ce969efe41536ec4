import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the repo root (npm start and the benches use it), no types.
import { apiNodeArgs, webNodeArgs } from './node-runtime.mjs';

describe('WEB_NODE_ARGS and API_NODE_ARGS', () => {
  it('default to a 16 MB young generation and a 1.7x old generation growth (web), the growth alone (API)', () => {
    expect(webNodeArgs(undefined)).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=70']);
    expect(webNodeArgs('  ')).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=70']);
    expect(apiNodeArgs(undefined)).toEqual(['--heap-growing-percent=70']);
  });

  it('replace the default with the flags given, space-separated', () => {
    expect(webNodeArgs(' --max-semi-space-size=16  --heap-growing-percent=20 ')).toEqual([
      '--max-semi-space-size=16',
      '--heap-growing-percent=20',
    ]);
    expect(apiNodeArgs('--max-old-space-size=1024')).toEqual(['--max-old-space-size=1024']);
  });

  it('name what is not a flag instead of starting a server that would not run', () => {
    expect(() => webNodeArgs('--max-semi-space-size=16 server.js -e')).toThrow('WEB_NODE_ARGS: not a Node flag: server.js -e');
    expect(() => apiNodeArgs('src/server.ts')).toThrow('API_NODE_ARGS: not a Node flag: src/server.ts');
  });
});
