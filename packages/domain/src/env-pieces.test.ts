import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_PORTS, nodeRpcUrlSchema, originSchema, parseEnvironment, portSchema } from './env-pieces.ts';

const schema = z.object({
  PORT: portSchema.default(DEFAULT_PORTS.site),
  SITE_URL: originSchema.optional(),
  LTC_RPC_URL: nodeRpcUrlSchema.optional(),
});

describe('parseEnvironment', () => {
  it('counts an empty value as unset and strips an origin’s trailing slash', () => {
    expect(parseEnvironment(schema, { PORT: '', SITE_URL: 'https://pool.example//' }, 'the test')).toEqual({
      PORT: 3000,
      SITE_URL: 'https://pool.example',
    });
  });

  it('names every problem and whose environment it is', () => {
    expect(() => parseEnvironment(schema, { PORT: '70000', LTC_RPC_URL: 'http://node:9332' }, 'the test')).toThrow(
      /^Invalid environment for the test:\n {2}PORT: .*\n {2}LTC_RPC_URL: http:\/\/user:pass@host:port\[\/wallet\/NAME\]$/,
    );
  });
});
