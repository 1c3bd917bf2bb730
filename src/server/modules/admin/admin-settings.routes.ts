import {
  emailSettingsSchema,
  pageQuery,
  readFlagSchema,
  securitySettingsSchema,
  siteSettingsSchema,
  testEmailSchema,
} from '#shared/admin/schemas.ts';
import type { App } from '#server/app-types.ts';
import { currentUser, requireAdmin } from '#server/plugins/auth.ts';
import { idParams } from '../signatures/signatures.routes.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const MB = 1024 * 1024;

export function adminSettingsRoutes(app: App) {
  const guard = { onRequest: requireAdmin };
  const log = (req: Parameters<typeof currentUser>[0], detail: string) =>
    app.activity.log('admin-action', { userId: currentUser(req).id, ip: req.ip, detail });

  const emailView = () => {
    const e = app.emailStore.current;
    return {
      host: e.host,
      port: e.port,
      security: e.security,
      user: e.user,
      from: e.from,
      passwordSet: e.passwordSealed !== '',
      source: e.host ? 'settings' : app.config.smtpUrl ? 'environment' : 'none',
      outboxMode: !e.host && !app.config.smtpUrl,
    };
  };

  app.get('/api/admin/email-settings', guard, async () => emailView());

  app.put('/api/admin/email-settings', { ...guard, schema: { body: emailSettingsSchema } }, async (req) => {
    const { password, ...rest } = req.body;
    const passwordSealed = password ? app.secretBox.seal(password) : app.emailStore.current.passwordSealed;
    await app.emailStore.save({ ...rest, passwordSealed });
    await log(req, `e-mail settings changed (host ${rest.host})`);
    return emailView();
  });

  app.delete('/api/admin/email-settings', guard, async (req) => {
    await app.emailStore.save({ host: '', user: '', passwordSealed: '', from: '' });
    await log(req, 'e-mail settings cleared');
    return emailView();
  });

  app.post(
    '/api/admin/email-settings/test',
    { ...guard, schema: { body: testEmailSchema } },
    async (req, reply) => {
      const result = await app.mail.sendNow(req.body.to, {
        subject: 'Inkproof test e-mail',
        text: 'This is a test e-mail from your Inkproof server. If you can read it, sending works.',
        html: '<p>This is a test e-mail from your Inkproof server. If you can read it, sending works.</p>',
      });
      await log(req, `test e-mail to ${req.body.to}: ${result.ok ? 'sent' : 'failed'}`);
      return result.ok ? result : reply.code(502).send({ message: result.message });
    },
  );

  app.get('/api/admin/outbox', { ...guard, schema: { querystring: pageQuery } }, async (req) => {
    const { page, pageSize } = req.query;
    const [rows, count] = await Promise.all([
      app.db
        .selectFrom('outbox')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      app.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        createdAt: r.created_at,
        error: r.error,
      })),
      total: Number(count.n),
    };
  });

  const securityView = () => {
    const l = app.limits;
    return {
      sessionIdleMinutes: Math.round(l.sessionIdleMs / MIN),
      sessionLifetimeHours: Math.round(l.sessionAbsoluteMs / HOUR),
      loginWindowMinutes: Math.round(l.loginWindowMs / MIN),
      loginFailuresPerAccount: l.loginFailuresPerAccount,
      loginFailuresPerIp: l.loginFailuresPerIp,
      lookupWindowMinutes: Math.round(l.lookupWindowMs / MIN),
      lookupsBeforeCaptcha: l.lookupsBeforeCaptcha,
      lookupsBeforeBlock: l.lookupsBeforeBlock,
      storageQuotaMb: Math.round(l.storageQuotaBytes / MB),
      uploadsPerUserPerHour: l.uploadsPerUserPerHour,
      uploadsPerIpPerHour: l.uploadsPerIpPerHour,
    };
  };

  app.get('/api/admin/security-settings', guard, async () => securityView());

  app.put(
    '/api/admin/security-settings',
    { ...guard, schema: { body: securitySettingsSchema } },
    async (req) => {
      const b = req.body;
      await app.limitsStore.save({
        sessionIdleMs: b.sessionIdleMinutes * MIN,
        sessionAbsoluteMs: b.sessionLifetimeHours * HOUR,
        loginWindowMs: b.loginWindowMinutes * MIN,
        loginFailuresPerAccount: b.loginFailuresPerAccount,
        loginFailuresPerIp: b.loginFailuresPerIp,
        lookupWindowMs: b.lookupWindowMinutes * MIN,
        lookupsBeforeCaptcha: b.lookupsBeforeCaptcha,
        lookupsBeforeBlock: b.lookupsBeforeBlock,
        ...(b.storageQuotaMb ? { storageQuotaBytes: b.storageQuotaMb * MB } : {}),
        ...(b.uploadsPerUserPerHour ? { uploadsPerUserPerHour: b.uploadsPerUserPerHour } : {}),
        ...(b.uploadsPerIpPerHour ? { uploadsPerIpPerHour: b.uploadsPerIpPerHour } : {}),
      });
      await log(req, `security settings changed: ${JSON.stringify(b)}`);
      return securityView();
    },
  );

  app.get('/api/admin/settings', guard, async () => ({ ...app.site }));

  app.put('/api/admin/settings', { ...guard, schema: { body: siteSettingsSchema } }, async (req) => {
    await app.siteStore.save({ ...req.body, publicUrl: new URL(req.body.publicUrl).origin });
    await log(req, 'site settings changed');
    return { ...app.site };
  });

  app.get('/api/admin/support-messages', { ...guard, schema: { querystring: pageQuery } }, async (req) => {
    const { page, pageSize } = req.query;
    const [rows, count, unread] = await Promise.all([
      app.db
        .selectFrom('support_messages')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      app.db
        .selectFrom('support_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      app.db
        .selectFrom('support_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        name: r.name,
        email: r.email,
        subject: r.subject,
        message: r.message,
        read: r.read_at !== null,
        createdAt: r.created_at,
      })),
      total: Number(count.n),
      unread: Number(unread.n),
    };
  });

  app.patch(
    '/api/admin/support-messages/:id',
    { ...guard, schema: { params: idParams, body: readFlagSchema } },
    async (req, reply) => {
      const res = await app.db
        .updateTable('support_messages')
        .set({ read_at: req.body.read ? new Date(app.clock.now()).toISOString() : null })
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return reply.code(404).send({ message: 'Message not found' });
      return { read: req.body.read };
    },
  );
}
