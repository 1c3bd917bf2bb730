import type { Transaction } from 'kysely';
import type { AuditEventKind } from '#shared/requests/schemas.ts';
import type { Db } from '#server/db/kysely.ts';
import type { Database } from '#server/db/schema.ts';

/** Who did it and from where: every audit event carries it (UTC time, actor, IP, user agent). */
export interface Actor {
  name: string;
  ip: string | null;
  userAgent: string | null;
}

/** What the server does on its own (reminders, expiry, completion). */
export const SYSTEM: Actor = { name: 'Inkproof', ip: null, userAgent: null };

export const actorName = (name: string | null, email: string) => (name ? `${name} <${email}>` : email);

export function requestActor(
  name: string | null,
  email: string,
  req: { ip: string; headers: Record<string, unknown> },
): Actor {
  const ua = req.headers['user-agent'];
  return {
    name: actorName(name, email),
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
  };
}

export async function recordEvent(
  db: Db | Transaction<Database>,
  e: {
    requestId: number;
    recipientId?: number | null;
    kind: AuditEventKind;
    actor: Actor;
    at: string;
    detail?: string | null;
  },
) {
  await db
    .insertInto('signing_events')
    .values({
      request_id: e.requestId,
      recipient_id: e.recipientId ?? null,
      kind: e.kind,
      actor: e.actor.name,
      ip: e.actor.ip,
      user_agent: e.actor.userAgent,
      detail: e.detail ?? null,
      created_at: e.at,
    })
    .execute();
}
