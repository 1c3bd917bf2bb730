import { z } from 'zod';
import { blockIpSchema } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { iso } from '#server/lib/clock.ts';
import { currentUser, requireAdmin } from '#server/plugins/auth.ts';
import { contains } from './like.ts';

const HOUR_MS = 60 * 60 * 1000;
const listQuery = z.object({
  hours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  q: z.string().trim().max(60).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export function adminIpRoutes(app: App) {
  const guard = { onRequest: requireAdmin };

  /** The busiest IPs of the last N hours with their look-ups and rate-limit hits. */
  app.get('/api/admin/ip-tracking', { ...guard, schema: { querystring: listQuery } }, async (req) => {
    const since = iso(app.clock.now() - req.query.hours * HOUR_MS).slice(0, 13);
    let q = app.db
      .selectFrom('ip_stats')
      .select((eb) => [
        'ip',
        eb.fn.sum<number>('requests').as('requests'),
        eb.fn.sum<number>('lookups').as('lookups'),
        eb.fn.sum<number>('limited').as('limited'),
        eb.fn.max('hour').as('last_seen'),
      ])
      .where('hour', '>=', since)
      .groupBy('ip');
    if (req.query.q) q = q.where(contains('ip', req.query.q));
    const [rows, blocked] = await Promise.all([
      q
        .orderBy((eb) => eb.fn.sum('requests'), 'desc')
        .limit(req.query.limit)
        .execute(),
      app.db.selectFrom('blocked_ips').selectAll().orderBy('created_at', 'desc').execute(),
    ]);
    const blockedSet = new Set(blocked.map((b) => b.ip));
    return {
      items: rows.map((r) => ({
        ip: r.ip,
        requests: Number(r.requests),
        lookups: Number(r.lookups),
        limited: Number(r.limited),
        lastSeenHour: r.last_seen,
        blocked: blockedSet.has(r.ip),
      })),
      blocked: blocked.map((b) => ({ ip: b.ip, reason: b.reason, createdAt: b.created_at })),
      yourIp: req.ip,
    };
  });

  app.get(
    '/api/admin/ip-tracking/:ip',
    {
      ...guard,
      schema: { params: z.object({ ip: z.string().max(60) }), querystring: listQuery.pick({ hours: true }) },
    },
    async (req) => {
      const since = iso(app.clock.now() - req.query.hours * HOUR_MS).slice(0, 13);
      const rows = await app.db
        .selectFrom('ip_stats')
        .select(['hour', 'requests', 'lookups', 'limited'])
        .where('ip', '=', req.params.ip)
        .where('hour', '>=', since)
        .orderBy('hour')
        .execute();
      const block = await app.db
        .selectFrom('blocked_ips')
        .selectAll()
        .where('ip', '=', req.params.ip)
        .executeTakeFirst();
      return {
        ip: req.params.ip,
        hours: rows,
        blocked: block ? { reason: block.reason, createdAt: block.created_at } : null,
      };
    },
  );

  app.post('/api/admin/blocked-ips', { ...guard, schema: { body: blockIpSchema } }, async (req, reply) => {
    const { ip, reason } = req.body;
    if (ip === req.ip) return reply.code(400).send({ message: 'You cannot block the address you are using' });
    const inserted = await app.db
      .insertInto('blocked_ips')
      .values({ ip, reason, created_by: currentUser(req).id, created_at: iso(app.clock.now()) })
      .onConflict((oc) => oc.column('ip').doNothing())
      .returning('ip')
      .executeTakeFirst();
    if (!inserted) return reply.code(409).send({ message: `${ip} is already blocked` });
    await app.ipTracking.refreshBlocked();
    await app.activity.log('admin-action', {
      userId: currentUser(req).id,
      ip: req.ip,
      detail: `blocked ${ip}: ${reason}`,
    });
    return reply.code(201).send({ ip, reason });
  });

  app.delete(
    '/api/admin/blocked-ips/:ip',
    { ...guard, schema: { params: z.object({ ip: z.string().max(60) }) } },
    async (req, reply) => {
      const res = await app.db.deleteFrom('blocked_ips').where('ip', '=', req.params.ip).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0)
        return reply.code(404).send({ message: `${req.params.ip} is not blocked` });
      await app.ipTracking.refreshBlocked();
      await app.activity.log('admin-action', {
        userId: currentUser(req).id,
        ip: req.ip,
        detail: `unblocked ${req.params.ip}`,
      });
      return { message: `${req.params.ip} is no longer blocked` };
    },
  );
}
