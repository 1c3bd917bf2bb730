import type { FastifyRequest } from 'fastify';
import type { ActivityService } from '../activity/activity.service.ts';
import { currentUser } from '#server/plugins/auth.ts';

/** The admin who acts, and from where: every change an admin makes is written to the activity log. */
export interface Actor {
  id: number;
  ip: string;
}

export const actorOf = (req: FastifyRequest): Actor => ({ id: currentUser(req).id, ip: req.ip });

export const audit = (activity: ActivityService, actor: Actor, detail: string) =>
  activity.log('admin-action', { userId: actor.id, ip: actor.ip, detail });
