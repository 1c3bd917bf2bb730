/** The mails the product sends. Plain text always accompanies the HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Where a mail names the site. Templates write this mark; the mail is queued with it and gets
 * the site name when it is sent (or kept in the outbox), so a mail sent after the admin renames
 * the site carries the new name, whenever it was queued. NUL never comes from a request
 * (decision 023), so no user text can pose as the mark; escapeHtml leaves it as it is.
 */
export const SITE = '\u0000site\u0000';

/** The mail with the site name in place of every mark: escaped in the HTML, on one line elsewhere. */
export function applySiteName<T extends MailContent>(mail: T, siteName: string): T {
  const plain = siteName.replace(/\p{Cc}+/gu, ' ').trim();
  return {
    ...mail,
    subject: mail.subject.replaceAll(SITE, plain),
    text: mail.text.replaceAll(SITE, plain),
    html: mail.html.replaceAll(SITE, escapeHtml(plain)),
  };
}

export function layout(title: string, intro: string, action: string, link: string, outro: string): string {
  const t = escapeHtml(title);
  const l = escapeHtml(link);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${t}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#1e3a8a">${SITE}</p>
<h1 style="margin:0 0 16px;font-size:22px">${t}</h1>
<p style="margin:0 0 24px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${l}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(action)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#4b5563">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${l}" style="color:#1d4ed8">${l}</a></p>
<p style="margin:0;font-size:13px;color:#4b5563;line-height:1.5">${escapeHtml(outro)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

export function verificationMail(link: string): MailContent {
  const intro = 'Thanks for signing up. Confirm that this address is yours to finish creating your account.';
  const outro = 'The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.';
  return {
    subject: 'Verify your e-mail address',
    text: `${intro}\n\nVerify your e-mail: ${link}\n\n${outro}\n`,
    html: layout('Verify your e-mail address', intro, 'Verify e-mail', link, outro),
  };
}

export function passwordResetMail(link: string): MailContent {
  const intro = `We received a request to reset the password of your ${SITE} account.`;
  const outro =
    'The link works once and expires in 1 hour. If you did not ask for a reset, ignore this e-mail: your password stays as it is.';
  return {
    subject: 'Reset your password',
    text: `${intro}\n\nChoose a new password: ${link}\n\n${outro}\n`,
    html: layout('Reset your password', intro, 'Choose a new password', link, outro),
  };
}

export function accountExistsMail(resetLink: string, signInLink: string): MailContent {
  const intro = `Someone tried to create an account on ${SITE} with this e-mail address, which already has one. If it was you, sign in or reset your password.`;
  const outro = `To sign in, go to ${signInLink}. If it was not you, ignore this e-mail: nothing has changed.`;
  return {
    subject: 'Someone tried to sign up with your address',
    text: `${intro}\n\nReset your password: ${resetLink}\n\n${outro}\n`,
    html: layout('You already have an account', intro, 'Reset your password', resetLink, outro),
  };
}

export function failedSignInsMail(
  count: number,
  attempts: { at: string; ip: string | null }[],
  resetLink: string,
): MailContent {
  const lines = attempts.map(
    (a) => `${a.at.slice(0, 19).replace('T', ' ')} UTC from ${a.ip ?? 'an unknown address'}`,
  );
  const intro = `There were ${count} failed sign-in attempts on your ${SITE} account in the last few minutes: ${lines.join('; ')}.`;
  const outro =
    'If these were not you, someone may be guessing your password: choose a new, strong one that you use nowhere else. You can still sign in as usual; the networks the attempts came from are paused for a while.';
  return {
    subject: `${count} failed sign-in attempts on your account`,
    text: `${intro}\n\nChange your password: ${resetLink}\n\n${outro}\n`,
    html: layout('Failed sign-in attempts', intro, 'Change your password', resetLink, outro),
  };
}

export function signInLinkMail(link: string): MailContent {
  const intro =
    'Your account has had many failed sign-in attempts, so a correct password alone does not sign in for now. Use this link to sign in.';
  const outro =
    'The link works once and expires in 15 minutes. If you did not just try to sign in, someone knows your password: reset it now.';
  return {
    subject: 'Your sign-in link',
    text: `${intro}\n\nSign in: ${link}\n\n${outro}\n`,
    html: layout(`Sign in to ${SITE}`, intro, 'Sign in', link, outro),
  };
}
