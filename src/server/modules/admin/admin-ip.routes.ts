import type { IpDetail, IpTracking, Message } from '#shared/admin/answers.ts';
import { adminMessages as m } from '#shared/admin/messages.ts';
import { blockIpSchema, ipDetailQuery, ipParams, ipTrackingQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { actorOf } from './actor.ts';
import type { AdminIpService } from './admin-ip.service.ts';

/** /api/admin/ip-tracking… and /api/admin/blocked-ips… (under the admin prefix and guard). */
export function adminIpRoutes(app: App, ips: AdminIpService) {
  app.get(
    '/ip-tracking',
    { schema: { querystring: ipTrackingQuery } },
    async (req) =>
      ({
        ...(await ips.busiest(req.query)),
        yourIp: req.ip,
      }) satisfies IpTracking,
  );

  app.get(
    '/ip-tracking/:ip',
    { schema: { params: ipParams, querystring: ipDetailQuery } },
    async (req) => (await ips.detail(req.params.ip, req.query.hours)) satisfies IpDetail,
  );

  app.post('/blocked-ips', { schema: { body: blockIpSchema } }, async (req, reply) => {
    const { reason } = req.body;
    const result = await ips.block(actorOf(req), req.body.ip, reason);
    if (result.kind === 'invalid') return reply.code(400).send({ message: m.invalidIp });
    if (result.kind === 'own-address')
      return reply
        .code(400)
        .send({ message: result.range ? m.cannotBlockOwnRange(result.ip) : m.cannotBlockOwnIp });
    if (result.kind === 'already-blocked')
      return reply.code(409).send({ message: m.alreadyBlocked(result.ip) });
    return reply.code(201).send({ ip: result.ip, reason });
  });

  app.delete('/blocked-ips/:ip', { schema: { params: ipParams } }, async (req, reply) => {
    const { ip } = req.params;
    if (!(await ips.unblock(actorOf(req), ip))) return reply.code(404).send({ message: m.notBlocked(ip) });
    return { message: m.unblocked(ip) } satisfies Message;
  });
}
