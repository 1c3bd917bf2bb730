import { z } from 'zod';
import type { App } from '../../app.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { toPublicUser } from '../accounts/accounts.service.ts';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
});

export function adminRoutes(app: App) {
  app.get(
    '/api/admin/users',
    { preHandler: requireAdmin, schema: { querystring: pageQuery } },
    async (req) => {
      const { page, pageSize, q } = req.query;
      let base = app.db.selectFrom('users');
      if (q) {
        const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        base = base.where((eb) =>
          eb.or([eb('email', 'like', like), eb(eb.fn('lower', ['name']), 'like', like)]),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toPublicUser), total: Number(count.n) };
    },
  );
}
