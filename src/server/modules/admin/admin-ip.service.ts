import type { z } from 'zod';
import type { BlockedIp, IpDetail, IpRow } from '#shared/admin/answers.ts';
import type { ipTrackingQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { entryContains, parseIp, parseIpEntry } from '#shared/admin/ip.ts';
import { iso } from '#server/lib/clock.ts';
import { audit, type Actor } from './actor.ts';
import { contains } from './like.ts';
import { pagedList } from './paged-list.ts';

const HOUR_MS = 60 * 60 * 1000;
type IpTrackingQuery = z.infer<typeof ipTrackingQuery>;
type Deps = Pick<App, 'db' | 'clock' | 'activity' | 'ipTracking'>;

/** Requests per IP and hour, and the block list the IP-tracking hook enforces. */
export class AdminIpService {
  constructor(private readonly app: Deps) {}

  /** ip_stats keys hours as YYYY-MM-DDTHH. */
  private since(hours: number) {
    return iso(this.app.clock.now() - hours * HOUR_MS).slice(0, 13);
  }

  /** The busiest IPs of the last `hours` with their look-ups and rate-limit hits, busiest first. */
  async busiest({ hours, q, ...page }: IpTrackingQuery) {
    let base = this.app.db.selectFrom('ip_stats').where('hour', '>=', this.since(hours));
    if (q) base = base.where(contains('ip', q));
    const [list, blocked] = await Promise.all([
      pagedList(page, {
        rows: ({ limit, offset }) =>
          base
            .select((eb) => [
              'ip',
              eb.fn.sum<number>('requests').as('requests'),
              eb.fn.sum<number>('lookups').as('lookups'),
              eb.fn.sum<number>('limited').as('limited'),
              eb.fn.max('hour').as('last_seen'),
            ])
            .groupBy('ip')
            .orderBy((eb) => eb.fn.sum('requests'), 'desc')
            .orderBy('ip')
            .limit(limit)
            .offset(offset)
            .execute(),
        total: async () =>
          (
            await base
              .select((eb) => eb.fn.count<number | string>('ip').distinct().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
      }),
      this.blocked(),
    ]);
    const blockedSet = new Set(blocked.map((b) => b.ip));
    return {
      items: list.items.map((r): IpRow => ({
        ip: r.ip,
        requests: Number(r.requests),
        lookups: Number(r.lookups),
        limited: Number(r.limited),
        lastSeenHour: r.last_seen,
        blocked: blockedSet.has(r.ip),
      })),
      total: list.total,
      blocked,
    };
  }

  private async blocked(): Promise<BlockedIp[]> {
    const rows = await this.app.db
      .selectFrom('blocked_ips')
      .selectAll()
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((b) => ({ ip: b.ip, reason: b.reason, createdAt: b.created_at }));
  }

  async detail(ip: string, hours: number): Promise<IpDetail> {
    const [rows, block] = await Promise.all([
      this.app.db
        .selectFrom('ip_stats')
        .select(['hour', 'requests', 'lookups', 'limited'])
        .where('ip', '=', ip)
        .where('hour', '>=', this.since(hours))
        .orderBy('hour')
        .execute(),
      this.app.db.selectFrom('blocked_ips').selectAll().where('ip', '=', ip).executeTakeFirst(),
    ]);
    return { ip, hours: rows, blocked: block ? { reason: block.reason, createdAt: block.created_at } : null };
  }

  /**
   * Blocks an address or a CIDR range, stored in its canonical spelling. An admin never blocks
   * the address they use, nor a range holding it (they would lock themselves out).
   */
  async block(
    actor: Actor,
    input: string,
    reason: string,
  ): Promise<
    | { kind: 'ok'; ip: string }
    | { kind: 'invalid' }
    | { kind: 'own-address'; ip: string; range: boolean }
    | { kind: 'already-blocked'; ip: string }
  > {
    const entry = parseIpEntry(input);
    if (!entry) return { kind: 'invalid' };
    const ip = entry.canonical;
    const own = parseIp(actor.ip);
    if (own && entryContains(entry, own))
      return { kind: 'own-address', ip, range: entry.prefix < (entry.version === 4 ? 32 : 128) };
    const inserted = await this.app.db
      .insertInto('blocked_ips')
      .values({ ip, reason, created_by: actor.id, created_at: iso(this.app.clock.now()) })
      .onConflict((oc) => oc.column('ip').doNothing())
      .returning('ip')
      .executeTakeFirst();
    if (!inserted) return { kind: 'already-blocked', ip };
    await this.app.ipTracking.refreshBlocked();
    await audit(this.app.activity, actor, `blocked ${ip}: ${reason}`);
    return { kind: 'ok', ip };
  }

  /** False when the IP was not blocked. Entries stored before validation are removed as written. */
  async unblock(actor: Actor, input: string): Promise<boolean> {
    const ip = parseIpEntry(input)?.canonical ?? input;
    const res = await this.app.db.deleteFrom('blocked_ips').where('ip', '=', ip).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) return false;
    await this.app.ipTracking.refreshBlocked();
    await audit(this.app.activity, actor, `unblocked ${ip}`);
    return true;
  }
}
