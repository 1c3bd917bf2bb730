/**
 * IP addresses and CIDR ranges for the admin's block list, parsed by hand (no Node `net` here: the
 * web form validates with the same code). An entry is kept in one canonical spelling, so the same
 * address typed two ways is one entry: IPv4 dotted without leading zeros, IPv6 as RFC 5952 writes
 * it (lower case, longest zero run as `::`), an IPv4-mapped IPv6 address as its IPv4 address,
 * a range as its network address and prefix, and a /32 or /128 as the bare address.
 */
export interface IpEntry {
  version: 4 | 6;
  /** The address (for a range, its network address) as a number. */
  value: bigint;
  /** 32 or 128 for one address. */
  prefix: number;
  canonical: string;
}

const V4_PART = /^(0|[1-9]\d{0,2})$/;

function parseV4(s: string): bigint | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const p of parts) {
    if (!V4_PART.test(p) || Number(p) > 255) return null;
    value = (value << 8n) | BigInt(p);
  }
  return value;
}

function parseV6(s: string): bigint | null {
  if (!/^[0-9a-fA-F:.]+$/.test(s)) return null;
  let head = s;
  let tail: bigint[] = [];
  // an IPv4 tail (::ffff:192.0.2.1) stands for the last two groups
  const lastColon = s.lastIndexOf(':');
  if (s.includes('.')) {
    const v4 = parseV4(s.slice(lastColon + 1));
    if (v4 === null) return null;
    head = s.slice(0, lastColon + 1);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
    tail = [v4 >> 16n, v4 & 0xffffn];
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const left = groups(halves[0]!);
  const right = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...left, ...right].some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const known = left.length + right.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const all = [
    ...left.map((g) => BigInt(`0x${g}`)),
    ...Array<bigint>(8 - known).fill(0n),
    ...right.map((g) => BigInt(`0x${g}`)),
    ...tail,
  ];
  return all.reduce((acc, g) => (acc << 16n) | g, 0n);
}

function formatV4(v: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((v >> shift) & 0xffn)).join('.');
}

function formatV6(v: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((v >> BigInt(112 - 16 * i)) & 0xffffn));
  // RFC 5952: the longest run of two or more zero groups (the first of equals) becomes ::
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.len && j - i >= 2) best = { at: i, len: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.len).join(':')}`;
}

/** One address, IPv4 or IPv6; an IPv4-mapped IPv6 address counts as IPv4. */
export function parseIp(input: string): { version: 4 | 6; value: bigint } | null {
  const s = input.trim();
  if (s.length > 45) return null;
  const v4 = parseV4(s);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = parseV6(s);
  if (v6 === null) return null;
  if (v6 >> 32n === 0xffffn) return { version: 4, value: v6 & 0xffffffffn };
  return { version: 6, value: v6 };
}

/** An address or a CIDR range ("192.0.2.0/24", "2001:db8::/32"), canonical; null when invalid. */
export function parseIpEntry(input: string): IpEntry | null {
  const [addr, prefixText, extra] = input.trim().split('/');
  if (extra !== undefined || addr === undefined) return null;
  const ip = parseIp(addr);
  if (!ip) return null;
  const bits = ip.version === 4 ? 32 : 128;
  let prefix = bits;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefix = Number(prefixText);
    // a mapped address's prefix counts the 96 bits in front of the IPv4 part
    if (ip.version === 4 && parseV4(addr.trim()) === null) prefix -= 96;
    if (prefix < 0 || prefix > bits) return null;
  }
  const hostBits = BigInt(bits - prefix);
  const value = (ip.value >> hostBits) << hostBits;
  const text = ip.version === 4 ? formatV4(value) : formatV6(value);
  return { version: ip.version, value, prefix, canonical: prefix === bits ? text : `${text}/${prefix}` };
}

/** Whether `ip` lies in `entry` (the same address, or inside the range). */
export function entryContains(entry: IpEntry, ip: { version: 4 | 6; value: bigint }): boolean {
  if (entry.version !== ip.version) return false;
  const hostBits = BigInt((entry.version === 4 ? 32 : 128) - entry.prefix);
  return ip.value >> hostBits === entry.value >> hostBits;
}
