/**
 * Monero addresses, checked without asking a node: Monero's own base58 (8-byte blocks to 11
 * characters, the last block shorter), a varint network byte, the public spend and view keys,
 * for integrated addresses an 8-byte payment id, and a 4-byte Keccak checksum.
 * Regtest (monerod's fakechain) uses the main network's bytes.
 */
import { keccak, readVarint } from './blob.ts';

export type MoneroNetwork = 'mainnet' | 'testnet' | 'stagenet';
export type AddressKind = 'standard' | 'integrated' | 'subaddress';

const PREFIXES: Record<MoneroNetwork, Record<AddressKind, number>> = {
  mainnet: { standard: 18, integrated: 19, subaddress: 42 },
  testnet: { standard: 53, integrated: 54, subaddress: 63 },
  stagenet: { standard: 24, integrated: 25, subaddress: 36 },
};

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX = new Map([...ALPHABET].map((char, index) => [char, BigInt(index)]));
// Characters for 0..8 bytes of a block.
const ENCODED_SIZES = [0, 2, 3, 5, 6, 7, 9, 10, 11];
const FULL_BLOCK = 11;

/** Monero's base58 to bytes; undefined for a character or block length that cannot occur. */
export function decodeBase58(text: string): Buffer | undefined {
  const out: number[] = [];
  for (let start = 0; start < text.length; start += FULL_BLOCK) {
    const block = text.slice(start, start + FULL_BLOCK);
    const size = ENCODED_SIZES.indexOf(block.length);
    if (size < 1) return undefined;
    let value = 0n;
    for (const char of block) {
      const digit = INDEX.get(char);
      if (digit === undefined) return undefined;
      value = value * 58n + digit;
    }
    if (value >= 1n << BigInt(8 * size)) return undefined; // overflows its block
    for (let i = size - 1; i >= 0; i -= 1) out.push(Number((value >> BigInt(8 * i)) & 0xffn));
  }
  return Buffer.from(out);
}

export function encodeBase58(data: Buffer): string {
  let text = '';
  for (let start = 0; start < data.length; start += 8) {
    const block = data.subarray(start, start + 8);
    let value = 0n;
    for (const byte of block) value = (value << 8n) | BigInt(byte);
    let chars = '';
    for (let i = 0; i < ENCODED_SIZES[block.length]!; i += 1) {
      chars = ALPHABET[Number(value % 58n)]! + chars;
      value /= 58n;
    }
    text += chars;
  }
  return text;
}

export type AddressCheck =
  | { ok: true; kind: AddressKind; network: MoneroNetwork; spendKey: Buffer; viewKey: Buffer; paymentId?: Buffer }
  | { ok: false; problem: string };

/** Checks an address for `network`; the problem names what is wrong (network, checksum, length). */
export function checkAddress(address: string, network: MoneroNetwork): AddressCheck {
  if (address.length < 95 || address.length > 106 || !/^[1-9A-HJ-NP-Za-km-z]+$/.test(address))
    return { ok: false, problem: 'not a Monero address (95 or 106 base58 characters)' };
  const data = decodeBase58(address);
  if (!data) return { ok: false, problem: 'not a Monero address (bad base58)' };
  let prefix: bigint;
  let at: number;
  try {
    [prefix, at] = readVarint(data, 0);
  } catch {
    return { ok: false, problem: 'not a Monero address (bad network byte)' };
  }
  let found: { network: MoneroNetwork; kind: AddressKind } | undefined;
  for (const [net, kinds] of Object.entries(PREFIXES) as [MoneroNetwork, Record<AddressKind, number>][])
    for (const [kind, value] of Object.entries(kinds) as [AddressKind, number][])
      if (BigInt(value) === prefix) found = { network: net, kind };
  if (!found) return { ok: false, problem: `not a Monero address (network byte ${prefix})` };
  if (found.network !== network) return { ok: false, problem: `a ${found.network} address; this pool mines on ${network}` };
  const body = found.kind === 'integrated' ? 72 : 64;
  if (data.length !== at + body + 4) return { ok: false, problem: `a ${found.kind} address of the wrong length` };
  const checksum = keccak(data.subarray(0, data.length - 4)).subarray(0, 4);
  if (!checksum.equals(data.subarray(data.length - 4))) return { ok: false, problem: 'checksum mismatch (a mistyped address?)' };
  // monerod and the wallet refuse keys that are not curve points: such an address could never be paid.
  if (!isCurvePoint(data.subarray(at, at + 32)) || !isCurvePoint(data.subarray(at + 32, at + 64)))
    return { ok: false, problem: 'its keys are not valid public keys' };
  return {
    ok: true,
    kind: found.kind,
    network,
    spendKey: data.subarray(at, at + 32),
    viewKey: data.subarray(at + 32, at + 64),
    ...(found.kind === 'integrated' ? { paymentId: data.subarray(at + 64, at + 72) } : {}),
  };
}

/** Builds an address (tests and the demo): network byte, keys, payment id, checksum. */
export function makeAddress(
  network: MoneroNetwork,
  kind: AddressKind,
  spendKey: Buffer,
  viewKey: Buffer,
  paymentId?: Buffer,
): string {
  const prefix = PREFIXES[network][kind];
  const head = Buffer.concat([
    Buffer.from(prefix < 0x80 ? [prefix] : [(prefix & 0x7f) | 0x80, prefix >> 7]),
    spendKey,
    viewKey,
    ...(kind === 'integrated' ? [paymentId ?? Buffer.alloc(8)] : []),
  ]);
  return encodeBase58(Buffer.concat([head, keccak(head).subarray(0, 4)]));
}

/** The network a node is on, from `get_info`: regtest (fakechain) uses the main network's addresses. */
export function networkOfNode(info: { nettype?: string; testnet?: boolean; stagenet?: boolean }): MoneroNetwork {
  if (info.nettype === 'testnet' || info.testnet) return 'testnet';
  if (info.nettype === 'stagenet' || info.stagenet) return 'stagenet';
  return 'mainnet';
}

// Ed25519: p = 2^255 - 19, d = -121665/121666. A public key is a compressed point: y (255 bits,
// below p) and the sign of x; it is valid when x^2 = (y^2 - 1) / (d y^2 + 1) has a root.
const P = (1n << 255n) - 19n;
const D = (((-121665n * modPow(121666n, P - 2n)) % P) + P) % P;

function modPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = ((base % P) + P) % P;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
  }
  return result;
}

/** Whether 32 bytes decompress to a point of the curve (what crypto::check_key asks). */
export function isCurvePoint(key: Buffer): boolean {
  if (key.length !== 32) return false;
  const bytes = Buffer.from(key);
  const sign = bytes[31]! >> 7;
  bytes[31]! &= 0x7f;
  const y = BigInt('0x' + Buffer.from(bytes).reverse().toString('hex'));
  if (y >= P) return false;
  const y2 = (y * y) % P;
  const u = (y2 - 1n + P) % P;
  const v = (D * y2 + 1n) % P;
  const x2 = (u * modPow(v, P - 2n)) % P;
  if (x2 === 0n) return sign === 0;
  // x2 must be a quadratic residue: Euler's criterion.
  return modPow(x2, (P - 1n) / 2n) === 1n;
}
