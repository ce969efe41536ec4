/**
 * A client's address as a bare IP, whatever form a proxy's forwarded header gave it in. Proxies
 * write `X-Forwarded-For` entries as `203.0.113.5`, `203.0.113.5:51234`, `[2001:db8::1]:443` or
 * `[2001:db8::1]` (RFC 7239's node form, which some proxies copy into X-Forwarded-For); Express and
 * Fastify take the entry as it stands, so without this every source port was a new client with
 * a fresh quota (decision 016). Limits, proofs and quotas all count the bare address.
 */

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** Hex groups and colons, an optional dotted IPv4 tail, an optional zone: shape only; callers check further. */
const IPV6 = /^(?=.*:)[0-9a-f:]{2,39}(?:\d{1,3}(?:\.\d{1,3}){3})?(?:%[\w.-]{1,32})?$/i;

/** `203.0.113.5:80` -> `203.0.113.5`, `[2001:DB8::1]:443` -> `2001:db8::1`; anything else as it is (trimmed). */
export function bareAddress(text: string): string {
  const value = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed && IPV6.test(bracketed[1]!)) return bracketed[1]!.toLowerCase();
  const withPort = /^([\d.]+):\d{1,5}$/.exec(value);
  if (withPort && IPV4.test(withPort[1]!)) return withPort[1]!;
  if (IPV6.test(value)) return value.toLowerCase();
  return value;
}
