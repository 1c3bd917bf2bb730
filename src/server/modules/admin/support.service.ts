import type { z } from 'zod';
import type { SupportMessage, SupportMessages } from '#shared/admin/answers.ts';
import type { PageParams, supportMessageSchema } from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { iso } from '#server/lib/clock.ts';
import { countOf, pagedList } from './paged-list.ts';

type Deps = Pick<App, 'db' | 'clock' | 'activity'>;
type SupportInput = z.infer<typeof supportMessageSchema>;

/** The support page's contact form: messages stored for the admins, who read and mark them. */
export class SupportService {
  constructor(private readonly app: Deps) {}

  /** Stores a message for the admins (the route limits how many one network sends). */
  async receive(input: SupportInput, from: { userId: number | null; ip: string }): Promise<void> {
    await this.app.db
      .insertInto('support_messages')
      .values({ ...input, user_id: from.userId, created_at: iso(this.app.clock.now()) })
      .execute();
    await this.app.activity.log('support-message', {
      userId: from.userId,
      ip: from.ip,
      detail: input.subject,
    });
  }

  async list(page: PageParams): Promise<SupportMessages> {
    const { db } = this.app;
    const [list, unread] = await Promise.all([
      pagedList(page, {
        rows: ({ limit, offset }) =>
          db
            .selectFrom('support_messages')
            .selectAll()
            .orderBy('id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        total: () => countOf(db.selectFrom('support_messages')),
        items: (rows) =>
          rows.map((r): SupportMessage => ({
            id: r.id,
            userId: r.user_id,
            name: r.name,
            email: r.email,
            subject: r.subject,
            message: r.message,
            read: r.read_at !== null,
            createdAt: r.created_at,
          })),
      }),
      countOf(db.selectFrom('support_messages').where('read_at', 'is', null)),
    ]);
    return { ...list, unread: Number(unread) };
  }

  /** False when there is no such message. */
  async setRead(id: number, read: boolean): Promise<boolean> {
    const res = await this.app.db
      .updateTable('support_messages')
      .set({ read_at: read ? iso(this.app.clock.now()) : null })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
