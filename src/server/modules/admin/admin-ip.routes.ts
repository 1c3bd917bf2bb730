import { messageAnswer } from '#shared/answers.ts';
import { blockedAnswer, ipDetail, ipTracking } from '#shared/admin/answers.ts';
import { adminMessages as m } from '#shared/admin/messages.ts';
import { blockIpSchema, ipDetailQuery, ipParams, ipTrackingQuery } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { conflict, invalid, notFound } from '#server/lib/outcomes.ts';
import { actorOf } from './actor.ts';
import type { AdminIpService } from './admin-ip.service.ts';

/** /api/admin/ip-tracking… and /api/admin/blocked-ips… (under the admin prefix and guard). */
export function adminIpRoutes(app: App, ips: AdminIpService) {
  app.get(
    '/ip-tracking',
    { schema: { querystring: ipTrackingQuery, response: { 200: ipTracking } } },
    async (req) => ({ ...(await ips.busiest(req.query)), yourIp: req.ip }),
  );

  app.get(
    '/ip-tracking/:ip',
    { schema: { params: ipParams, querystring: ipDetailQuery, response: { 200: ipDetail } } },
    async (req) => ips.detail(req.params.ip, req.query.hours),
  );

  app.post(
    '/blocked-ips',
    { schema: { body: blockIpSchema, response: { 201: blockedAnswer } } },
    async (req, reply) => {
      const { reason } = req.body;
      const result = await ips.block(actorOf(req), req.body.ip, reason);
      switch (result.kind) {
        case 'invalid':
          throw invalid(m.invalidIp);
        case 'own-address':
          throw invalid(result.range ? m.cannotBlockOwnRange(result.ip) : m.cannotBlockOwnIp);
        case 'already-blocked':
          throw conflict(m.alreadyBlocked(result.ip));
      }
      return reply.code(201).send({ ip: result.ip, reason });
    },
  );

  app.delete(
    '/blocked-ips/:ip',
    { schema: { params: ipParams, response: { 200: messageAnswer } } },
    async (req) => {
      const { ip } = req.params;
      if (!(await ips.unblock(actorOf(req), ip))) throw notFound(m.notBlocked(ip));
      return { message: m.unblocked(ip) };
    },
  );
}
