import { parseIp, parseIpEntry } from '#shared/admin/ip.ts';

/** Remembered IPv6 answers at most; past it the memo starts again (a flood of new addresses). */
const MEMO_MAX = 10_000;

/**
 * Dotted IPv4 to its 32 bits as a signed integer (a small integer to V8: no allocation, fast Set
 * keys); NaN when it is not one.
 */
function ipv4Bits(ip: string): number {
  let bits = 0;
  let part = -1;
  let dots = 0;
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    if (c === 46) {
      if (part < 0 || ++dots > 3) return NaN;
      bits = (bits << 8) | part;
      part = -1;
    } else if (c >= 48 && c <= 57) {
      part = part < 0 ? c - 48 : part * 10 + c - 48;
      if (part > 255) return NaN;
    } else return NaN;
  }
  return dots === 3 && part >= 0 ? (bits << 8) | part : NaN;
}

/** The network part of IPv4 bits under a prefix, as the same kind of integer. */
const v4Network = (bits: number, shift: number) => (shift >= 32 ? 0 : (bits >>> shift) | 0);

/**
 * The admin's blocked addresses and CIDR ranges, answered in memory on every request. An empty
 * list costs one comparison. Entries are grouped by prefix length, so a check masks the address
 * once per length in use, whatever the number of entries: IPv4 (nearly every request) with plain
 * numbers, IPv6 with BigInt and a memo of answers until the list changes.
 */
export class IpBlockList {
  private size = 0;
  private v4: { shift: number; networks: Set<number> }[] = [];
  private v6: { shift: bigint; networks: Set<bigint> }[] = [];
  private memo = new Map<string, boolean>();

  /** Replaces the list; entries that are not valid addresses or ranges (old rows) are skipped. */
  replace(entries: Iterable<string>) {
    const v4 = new Map<number, Set<number>>();
    const v6 = new Map<number, Set<bigint>>();
    let size = 0;
    for (const raw of entries) {
      const e = parseIpEntry(raw);
      if (!e) continue;
      size += 1;
      if (e.version === 4) {
        const shift = 32 - e.prefix;
        if (!v4.has(shift)) v4.set(shift, new Set());
        v4.get(shift)!.add(v4Network(Number(e.value) | 0, shift));
      } else {
        const shift = 128 - e.prefix;
        if (!v6.has(shift)) v6.set(shift, new Set());
        v6.get(shift)!.add(e.value >> BigInt(shift));
      }
    }
    this.v4 = [...v4].map(([shift, networks]) => ({ shift, networks }));
    this.v6 = [...v6].map(([shift, networks]) => ({ shift: BigInt(shift), networks }));
    this.memo = new Map();
    this.size = size;
  }

  get empty() {
    return this.size === 0;
  }

  has(ip: string): boolean {
    if (this.size === 0) return false;
    const v4 = ipv4Bits(ip);
    if (!Number.isNaN(v4)) return this.hasV4(v4);
    const known = this.memo.get(ip);
    if (known !== undefined) return known;
    const parsed = parseIp(ip);
    let answer = false;
    if (parsed?.version === 4) answer = this.hasV4(Number(parsed.value) | 0);
    else if (parsed) answer = this.v6.some((g) => g.networks.has(parsed.value >> g.shift));
    if (this.memo.size >= MEMO_MAX) this.memo = new Map();
    this.memo.set(ip, answer);
    return answer;
  }

  private hasV4(bits: number): boolean {
    for (const g of this.v4) if (g.networks.has(v4Network(bits, g.shift))) return true;
    return false;
  }
}
