import { fileAnswer } from '#shared/answers.ts';
import type { App } from '#server/app-types.ts';
import { passwordResetMail } from './templates.ts';

export function mailTemplateRoutes(app: App) {
  // /temp-download offers the reset e-mail exactly as the product sends it, with a sample link.
  app.get(
    '/api/mail-templates/password-reset',
    { schema: { response: { 200: fileAnswer('text/html') } } },
    async (_req, reply) => {
      const sample = `${app.site.publicUrl}/reset-password?token=SAMPLE-TOKEN&email=you%40example.com`;
      return reply
        .type('text/html; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="password-reset-email.html"')
        .send(passwordResetMail(sample).html);
    },
  );
}
