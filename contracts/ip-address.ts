/**
 * One reading of an IP address for the throttle and the black lists (issue 20): IPv4 in every form
 * `inet_aton` accepts (`127.1`, `0x7f.1`, `017.0.0.1` octal, `2130706433`), IPv6 with `::`, an embedded IPv4
 * tail, brackets or a zone (`fe80::1%eth0`), and IPv4-mapped IPv6 (`::ffff:1.2.3.4`) which is the IPv4
 * address itself. Everything is kept as 16 bytes (IPv4 as `::ffff:a.b.c.d`), so one comparison serves both.
 */
export interface IpAddress {
  /** 4 for IPv4 (mapped ones included), 6 otherwise. */
  readonly version: 4 | 6;
  /** 16 bytes, IPv4 as ::ffff:a.b.c.d. */
  readonly bytes: Uint8Array;
  /** Canonical text: dotted quad, or RFC 5952 IPv6 (lowercase, longest zero run as ::). */
  readonly text: string;
}

const MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/** One inet_aton part: decimal, 0x hex or 0-led octal; NaN when it is none of them. */
function atonPart(part: string): number {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]*$/.test(part)) return parseInt(part, 8);
  if (/^[1-9][0-9]*$/.test(part)) return Number(part);
  return Number.NaN;
}

/** IPv4 in inet_aton's forms (a, a.b, a.b.c, a.b.c.d; the last part fills the remaining bytes) → 32-bit value. */
export function parseIpv4Loose(text: string): number | null {
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4 || parts.some((p) => p === '' || p.length > 12)) return null;
  const nums = parts.map(atonPart);
  if (nums.some((n) => !Number.isFinite(n))) return null;
  const last = nums[nums.length - 1]!;
  const head = nums.slice(0, -1);
  if (head.some((n) => n > 255)) return null;
  const lastMax = 2 ** (8 * (5 - parts.length)) - 1;
  if (last > lastMax) return null;
  let value = 0;
  head.forEach((n, i) => (value += n * 2 ** (8 * (3 - i))));
  return value + last;
}

function fromV4(value: number): IpAddress {
  const bytes = new Uint8Array(16);
  MAPPED_PREFIX.forEach((b, i) => (bytes[i] = b));
  bytes[12] = (value >>> 24) & 255;
  bytes[13] = (value >>> 16) & 255;
  bytes[14] = (value >>> 8) & 255;
  bytes[15] = value & 255;
  return { version: 4, bytes, text: `${bytes[12]}.${bytes[13]}.${bytes[14]}.${bytes[15]}` };
}

function groupsOf(text: string): number[] | null {
  let s = text;
  // An embedded IPv4 tail (strict dotted quad, as RFC 4291 writes it) becomes its two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (v4) {
    const q = v4.slice(1).map(Number);
    if (q.some((n) => n > 255) || !/:$/.test(s.slice(0, v4.index))) return null;
    s = `${s.slice(0, v4.index)}${(q[0]! * 256 + q[1]!).toString(16)}:${(q[2]! * 256 + q[3]!).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (h: string) => (h === '' ? [] : h.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : Number.NaN)));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...left, ...right].some((n) => Number.isNaN(n))) return null;
  const have = left.length + right.length;
  if (halves.length === 2) return have > 7 ? null : [...left, ...new Array<number>(8 - have).fill(0), ...right];
  return have === 8 ? left : null;
}

function v6Text(groups: readonly number[]): string {
  // RFC 5952: the longest run of two or more zero groups (the first on a tie) becomes ::.
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) [best, bestLen] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

/** Any accepted spelling → the address, or null when it is not one. */
export function parseIp(input: string): IpAddress | null {
  let s = input.trim().toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (!s || s.length > 64) return null;
  if (!s.includes(':')) {
    const v4 = parseIpv4Loose(s);
    return v4 === null ? null : fromV4(v4);
  }
  s = s.replace(/%[0-9a-z._~-]+$/, '');
  const groups = groupsOf(s);
  if (!groups) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[2 * i] = g >> 8;
    bytes[2 * i + 1] = g & 255;
  });
  if (MAPPED_PREFIX.every((b, i) => bytes[i] === b)) return fromV4(bytes[12]! * 2 ** 24 + bytes[13]! * 65536 + bytes[14]! * 256 + bytes[15]!);
  return { version: 6, bytes, text: v6Text(groups) };
}

/** Hex of the 16 bytes: fixed width, so text comparison orders addresses (how the black lists store ranges). */
export const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The first `bits` bits of the address (the rest zero), as 16 bytes. */
export function networkOf(bytes: Uint8Array, bits: number): Uint8Array {
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) {
    const keep = Math.max(0, Math.min(8, bits - 8 * i));
    out[i] = bytes[i]! & ((0xff << (8 - keep)) & 0xff);
  }
  return out;
}

/** A parsed IP black list entry: one address, or a CIDR range kept as its network (`1.2.3.4/24` → `1.2.3.0/24`). */
export interface IpRange {
  /** Canonical text: the address, or network/prefix (IPv4 prefixes for IPv4 and mapped ranges). */
  readonly text: string;
  /** First and last address covered, as 32 hex digits (fixed width: text order is address order). */
  readonly startHex: string;
  readonly endHex: string;
  readonly first: string;
  readonly last: string;
}

/** `address` or `address/prefix` in any form `parseIp` reads (IPv4 prefix 0-32, IPv6 0-128), else null. */
export function parseIpRange(input: string): IpRange | null {
  const [addrText = '', prefixText, extra] = input.trim().split('/');
  if (extra !== undefined) return null;
  const ip = parseIp(addrText);
  if (!ip) return null;
  const max = ip.version === 4 ? 32 : 128;
  let prefix = max;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    // An IPv4-mapped address written as IPv6 with a /96-/128 prefix is the IPv4 range of prefix − 96.
    if (ip.version === 4 && addrText.includes(':')) {
      if (prefix < 96 || prefix > 128) return null;
      prefix -= 96;
    }
    if (prefix > max) return null;
  }
  const bits = ip.version === 4 ? 96 + prefix : prefix;
  const start = networkOf(ip.bytes, bits);
  const end = new Uint8Array(start);
  for (let i = 0; i < 16; i++) {
    const keep = Math.max(0, Math.min(8, bits - 8 * i));
    end[i] = start[i]! | (0xff >> keep);
  }
  const first = textOf(start);
  const text = prefix === max ? first : `${first}/${prefix}`;
  return { text, startHex: hexOf(start), endHex: hexOf(end), first, last: textOf(end) };
}

/** Canonical text of 16 bytes (IPv4-mapped → dotted quad). */
export function textOf(bytes: Uint8Array): string {
  const groups = Array.from({ length: 8 }, (_, i) => bytes[2 * i]! * 256 + bytes[2 * i + 1]!);
  return parseIp(v6Text(groups))!.text;
}

export const isIpOrCidr = (text: string): boolean => parseIpRange(text) !== null;
