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

/** The eight groups of an IPv6 address (a dotted IPv4 tail read as two), or null. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.split('%')[0]!.toLowerCase();
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((part) => part > 255)) return null;
    text = `${text.slice(0, -tail[0].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const left = halves[0] ? halves[0].split(':') : [];
  const right = halves[1] ? halves[1].split(':') : [];
  const zeros = halves.length === 2 ? 8 - left.length - right.length : 0;
  if (zeros < 0 || (halves.length === 2 && zeros === 0 && left.length + right.length === 8)) return null;
  const groups = [...left, ...Array<string>(zeros).fill('0'), ...right];
  if (groups.length !== 8 || !groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}

/**
 * The unit a per-client quota counts (decision 023): an IPv4 address, or the IPv6 /64 one
 * subscriber holds; an IPv4-mapped IPv6 address as its IPv4 address; forwarded forms bare first.
 */
export function quotaClientKey(client: string): string {
  const ip = bareAddress(client);
  if (IPV4.test(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
