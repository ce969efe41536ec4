/**
 * `TRUST_PROXY`: the reverse proxies whose forwarded headers (X-Forwarded-For, -Host, -Proto)
 * the API and the web server believe (decision 008). None by default: a client that is not one
 * of them cannot choose its own address for the rate limits, or its own host for the page.
 * A comma-separated list of IP addresses, CIDR ranges, or the names `loopback`, `linklocal`,
 * `uniquelocal` (proxy-addr's, which both Express and Fastify use).
 */
import { z } from 'zod';

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^(?=.*:)[0-9a-f:.]{2,45}$/i;

function isProxyEntry(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const v4 = IPV4.test(address);
  if (!v4 && !IPV6.test(address)) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
}

export function parseTrustProxy(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** For env schemas: the list, or an issue naming each entry that is not an address, a range or a name. */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((text) => parseTrustProxy(text))
  .check((ctx) => {
    for (const entry of ctx.value)
      if (!isProxyEntry(entry))
        ctx.issues.push({
          code: 'custom',
          input: entry,
          message: `'${entry}' is not an IP address, a CIDR range, or loopback / linklocal / uniquelocal`,
        });
  });
