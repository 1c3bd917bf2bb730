/** The mails the product sends. Plain text always accompanies the HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, intro: string, action: string, link: string, outro: string): string {
  const t = escapeHtml(title);
  const l = escapeHtml(link);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${t}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#1e3a8a">Inkproof</p>
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
  const intro = 'We received a request to reset the password of your Inkproof account.';
  const outro =
    'The link works once and expires in 1 hour. If you did not ask for a reset, ignore this e-mail: your password stays as it is.';
  return {
    subject: 'Reset your password',
    text: `${intro}\n\nChoose a new password: ${link}\n\n${outro}\n`,
    html: layout('Reset your password', intro, 'Choose a new password', link, outro),
  };
}
