import { verify } from '@node-rs/argon2';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { accountMessages as am } from '#shared/accounts/messages.ts';
import { emailChangeConfirmSchema, emailChangeSchema } from '#shared/accounts/security.ts';
import { securityMessages as m } from '#shared/accounts/security-messages.ts';
import type { App } from '#server/app-types.ts';
import { retryAfterSeconds } from '#server/lib/rate-limiter.ts';
import { currentUser, requireUser } from '#server/plugins/auth.ts';
import { confirmEmailChangeMail } from './security-mails.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A new address needs the password (or a passkey) and the link sent to it. */
export function emailChangeRoutes(app: App) {
  const s = app.accountSecurity;

  app.post(
    '/api/user/email-change',
    { onRequest: requireUser, schema: { body: emailChangeSchema } },
    async (req, reply) => {
      const user = currentUser(req);
      const email = req.body.email.toLowerCase();
      const sent = await app.limiter.hit(`email-change:user:${user.id}`, HOUR_MS);
      if (sent.count > app.limits.mailsPerAddressPerHour) {
        const retryAfter = retryAfterSeconds(sent, app.clock);
        return reply
          .code(429)
          .header('Retry-After', String(retryAfter))
          .send({ message: am.tooManyResets, retryAfter });
      }
      if (req.body.password) {
        if (!(await verify(user.password_hash, req.body.password).catch(() => false)))
          return reply.code(400).send({ message: m.passwordWrong });
      } else {
        const credential = req.body.credential as unknown as AuthenticationResponseJSON;
        const result = await s.passkeys.authenticate(req.session!.id, 'confirm', credential);
        if (result.kind !== 'ok' || result.userId !== user.id)
          return reply.code(400).send({ message: m.passkeyFailed });
      }
      if (email === user.email) return reply.code(400).send({ message: m.emailSame });
      if (await app.accounts.findByEmail(email)) return reply.code(409).send({ message: am.emailTaken });
      const token = await s.emailChanges.request(user.id, email);
      const link = `${app.site.publicUrl}/auth?email-change=${token}`;
      app.mail.sendInBackground(email, confirmEmailChangeMail(link), link);
      await s.notify(
        user,
        'email-change-requested',
        req.ip,
        s.mails.emailChangeRequested(s.settingsLink, email),
        email,
      );
      return reply.code(202).send({ message: m.emailChangeSent });
    },
  );

  app.post(
    '/api/user/email-change/confirm',
    { schema: { body: emailChangeConfirmSchema } },
    async (req, reply) => {
      const outcome = await s.emailChanges.confirm(req.body.token);
      if (outcome.kind === 'taken') return reply.code(409).send({ message: am.emailTaken });
      if (outcome.kind !== 'ok') return reply.code(400).send({ message: m.emailChangeInvalid });
      // The old address is told too: someone who took over the session cannot move the account quietly.
      s.notifyByMail({ email: outcome.oldEmail }, s.mails.emailChanged(s.settingsLink, outcome.newEmail));
      await s.notify(
        { id: outcome.userId, email: outcome.newEmail },
        'email-changed',
        req.ip,
        s.mails.emailChanged(s.settingsLink, outcome.newEmail),
        `${outcome.oldEmail} -> ${outcome.newEmail}`,
      );
      return { message: m.emailChangeDone };
    },
  );
}
