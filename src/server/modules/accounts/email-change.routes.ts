import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { accountMessages as am } from '#shared/accounts/messages.ts';
import {
  emailChangeConfirmSchema,
  emailChangeSchema,
  type EmailChangeInput,
} from '#shared/accounts/security.ts';
import { securityMessages as m } from '#shared/accounts/security-messages.ts';
import { messageAnswer } from '#shared/answers.ts';
import type { App } from '#server/app-types.ts';
import { conflict, invalid } from '#server/lib/outcomes.ts';
import { confirmPassword, currentUser, requireUser } from '#server/plugins/auth.ts';
import { rateLimit } from '#server/plugins/rate-limits.ts';
import { confirmEmailChangeMail } from './security-mails.ts';

const HOUR_MS = 60 * 60 * 1000;

/** A new address needs the password (or a passkey) and the link sent to it. */
export function emailChangeRoutes(app: App) {
  const s = app.accountSecurity;

  /** The password when one is given, else a passkey assertion of the signed-in user. */
  const confirmIdentity = async (req: FastifyRequest) => {
    const body = req.body as EmailChangeInput;
    if (body.password) return confirmPassword(req);
    const credential = body.credential as unknown as AuthenticationResponseJSON;
    const result = await s.passkeys.authenticate(req.session!.id, 'confirm', credential);
    if (result.kind !== 'ok' || result.userId !== currentUser(req).id) throw invalid(m.passkeyFailed);
  };

  app.post(
    '/api/user/email-change',
    {
      onRequest: requireUser,
      schema: { body: emailChangeSchema, response: { 202: messageAnswer } },
      preHandler: [
        // Every request mails the new address: counted per account before the password is checked.
        rateLimit(app, {
          key: (req) => `email-change:user:${currentUser(req).id}`,
          max: (limits) => limits.mailsPerAddressPerHour,
          windowMs: HOUR_MS,
          message: am.tooManyResets,
          retryAfterInBody: true,
        }),
        confirmIdentity,
      ],
    },
    async (req, reply) => {
      const user = currentUser(req);
      const email = req.body.email.toLowerCase();
      if (email === user.email) throw invalid(m.emailSame);
      if (await app.accounts.findByEmail(email)) throw conflict(am.emailTaken);
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
    { schema: { body: emailChangeConfirmSchema, response: { 200: messageAnswer } } },
    async (req) => {
      const outcome = await s.emailChanges.confirm(req.body.token);
      if (outcome.kind === 'taken') throw conflict(am.emailTaken);
      if (outcome.kind !== 'ok') throw invalid(m.emailChangeInvalid);
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
