/**
 * The API's environment, parsed once at start-up; nothing else reads process.env.
 * The pool data service (issue 4) adds its database and engine settings here.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const schema = z.object({
  API_HOST: z.string().min(1).default('0.0.0.0'),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(8787),
  DATA_DIR: z.string().min(1).default('.data'),
});

export interface ApiEnv {
  host: string;
  port: number;
  dataDir: string;
}

export function parseApiEnv(source: Record<string, string | undefined>, repoRoot: string): ApiEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment for the API:\n${problems.join('\n')}`);
  }
  return { host: result.data.API_HOST, port: result.data.API_PORT, dataDir: resolve(repoRoot, result.data.DATA_DIR) };
}
