import type { z } from 'zod';
import type { BlockedIp, IpDetail, IpRow } from '#shared/admin/answers.ts';
import type { ipTrackingQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
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

  /** An admin never blocks the address they use (they would lock themselves out). */
  async block(
    actor: Actor,
    ip: string,
    reason: string,
  ): Promise<{ kind: 'ok' } | { kind: 'own-address' } | { kind: 'already-blocked' }> {
    if (ip === actor.ip) return { kind: 'own-address' };
    const inserted = await this.app.db
      .insertInto('blocked_ips')
      .values({ ip, reason, created_by: actor.id, created_at: iso(this.app.clock.now()) })
      .onConflict((oc) => oc.column('ip').doNothing())
      .returning('ip')
      .executeTakeFirst();
    if (!inserted) return { kind: 'already-blocked' };
    await this.app.ipTracking.refreshBlocked();
    await audit(this.app.activity, actor, `blocked ${ip}: ${reason}`);
    return { kind: 'ok' };
  }

  /** False when the IP was not blocked. */
  async unblock(actor: Actor, ip: string): Promise<boolean> {
    const res = await this.app.db.deleteFrom('blocked_ips').where('ip', '=', ip).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) return false;
    await this.app.ipTracking.refreshBlocked();
    await audit(this.app.activity, actor, `unblocked ${ip}`);
    return true;
  }
}
