import { parseIp, parseIpEntry } from '#shared/admin/ip.ts';

/** Remembered answers at most; past it the memo starts again (a flood of new addresses). */
const MEMO_MAX = 10_000;

/**
 * The admin's blocked addresses and CIDR ranges, answered in memory on every request. An empty
 * list costs one comparison; otherwise a request's address is parsed once and its answer kept
 * until the list changes, so a busy client costs a Map look-up. Ranges are grouped by prefix
 * length: a check masks the address once per length in use, whatever the number of entries.
 */
export class IpBlockList {
  private size = 0;
  private readonly byPrefix = new Map<string, { version: 4 | 6; shift: bigint; networks: Set<bigint> }>();
  private memo = new Map<string, boolean>();

  /** Replaces the list; entries that are not valid addresses or ranges (old rows) are skipped. */
  replace(entries: Iterable<string>) {
    this.byPrefix.clear();
    this.memo = new Map();
    this.size = 0;
    for (const raw of entries) {
      const e = parseIpEntry(raw);
      if (!e) continue;
      const key = `${e.version}/${e.prefix}`;
      let group = this.byPrefix.get(key);
      if (!group) {
        group = {
          version: e.version,
          shift: BigInt((e.version === 4 ? 32 : 128) - e.prefix),
          networks: new Set(),
        };
        this.byPrefix.set(key, group);
      }
      group.networks.add(e.value >> group.shift);
      this.size += 1;
    }
  }

  get empty() {
    return this.size === 0;
  }

  has(ip: string): boolean {
    if (this.size === 0) return false;
    const known = this.memo.get(ip);
    if (known !== undefined) return known;
    const answer = this.match(ip);
    if (this.memo.size >= MEMO_MAX) this.memo = new Map();
    this.memo.set(ip, answer);
    return answer;
  }

  private match(ip: string): boolean {
    const parsed = parseIp(ip);
    if (!parsed) return false;
    for (const group of this.byPrefix.values()) {
      if (group.version === parsed.version && group.networks.has(parsed.value >> group.shift)) return true;
    }
    return false;
  }
}
