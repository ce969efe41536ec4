/**
 * The pieces the three env parsers (API, web server, stratum server) share, so a port rule, a
 * default URL or the node's RPC URL rule cannot differ between them (decision 021). Each app
 * still has its one parser of its own variables; these are the words they are written in.
 */
import { z } from 'zod';

/** Where the processes listen unless told otherwise (`npm start` on one machine). */
export const DEFAULT_PORTS = { site: 3000, api: 8787, stratumLtc: 3333 } as const;

export const portSchema = z.coerce.number().int().min(1).max(65535);
/** A metrics port: 0 picks a free one; unset keeps no metrics. */
export const metricsPortSchema = z.coerce.number().int().min(0).max(65535).optional();
/** Interface of every app's metrics port: loopback unless the operator opens it. */
export const metricsHostSchema = z.string().min(1).default('127.0.0.1');

/** An http(s) origin or base URL, without a trailing slash. */
export const originSchema = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

/** A coin node's JSON-RPC URL: the credentials are part of it (`http://user:pass@host:port[/wallet/NAME]`). */
export const nodeRpcUrlSchema = z
  .url({ protocol: /^https?$/ })
  .refine((value) => new URL(value).username !== '', 'http://user:pass@host:port[/wallet/NAME]');

/** How a browser on the same machine reaches a local port (the default public URLs). */
export function localOrigin(port: number): string {
  return `http://localhost:${port}`;
}

/** How a server process on the same machine reaches another one (no name lookup). */
export function loopbackOrigin(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/**
 * Parses an app's environment with its schema: empty values count as unset (a `.env` file's
 * `KEY=`), and every problem is named in one error that says whose environment it is.
 */
export function parseEnvironment<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
  whose: string,
): z.output<S> {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment for ${whose}:\n${problems.join('\n')}`);
  }
  return result.data;
}
