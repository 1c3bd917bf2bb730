import type { MailAttachment, MailService } from '#server/modules/mail/mail.service.ts';
import { SITE, type MailContent } from '#server/modules/mail/templates.ts';

/** The largest final PDF sent as an attachment; larger ones go as a link only. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A request's mail: the product's MailContent, plus the final PDF on completion mails. */
export interface RequestMail extends MailContent {
  attachments?: MailAttachment[];
}

/** The mail service sends attachments: completion mails carry the final PDF (a link as well, always). */
export const ATTACHMENTS_SUPPORTED = true;

/** The one place this module sends mail. */
export function sendRequestMail(mail: MailService, to: string, content: RequestMail, link: string) {
  const { attachments, ...rest } = content;
  mail.sendInBackground(to, rest, link, attachments);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Layout {
  title: string;
  paragraphs: string[];
  /** Someone's own words (the sender's message, a decline reason), shown apart from ours under their label. */
  quote?: { label: string; text: string } | null;
  action?: { label: string; link: string };
  outro: string;
}

function render(l: Layout): { text: string; html: string } {
  const t = escapeHtml(l.title);
  const p = (s: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(s)}</p>`;
  const quote = l.quote
    ? `${p(l.quote.label)}
<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #c7d2fe;color:#374151;white-space:pre-wrap">${escapeHtml(l.quote.text)}</blockquote>`
    : '';
  const action = l.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(l.action.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(l.action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#4b5563">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escapeHtml(l.action.link)}" style="color:#1d4ed8">${escapeHtml(l.action.link)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${t}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#1e3a8a">${SITE}</p>
<h1 style="margin:0 0 16px;font-size:22px">${t}</h1>
${l.paragraphs.map(p).join('\n')}
${quote}${action}<p style="margin:0;font-size:13px;color:#4b5563;line-height:1.5">${escapeHtml(l.outro)}</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    ...l.paragraphs,
    ...(l.quote ? [`${l.quote.label}\n${l.quote.text}`] : []),
    ...(l.action ? [`${l.action.label}: ${l.action.link}`] : []),
    l.outro,
  ].join('\n\n');
  return { text: `${text}\n`, html };
}

const day = (iso: string) => `${iso.slice(0, 10)} (UTC)`;

export function invitationMail(v: {
  sender: string;
  documentName: string;
  role: 'signer' | 'approver';
  message: string | null;
  link: string;
  expiresAt: string;
  reminder?: boolean;
}): RequestMail {
  const verb = v.role === 'approver' ? 'approve' : 'sign';
  const subject = `${v.reminder ? 'Reminder: ' : ''}${v.sender} asks you to ${verb} "${v.documentName}"`;
  return {
    subject,
    ...render({
      title: v.reminder
        ? `Reminder: please ${verb} "${v.documentName}"`
        : `Please ${verb} "${v.documentName}"`,
      paragraphs: [
        `${v.sender} has sent you "${v.documentName}" to ${verb} with ${SITE}. No account is needed.`,
      ],
      quote: v.message ? { label: `Message from ${v.sender}:`, text: v.message } : null,
      action: { label: v.role === 'approver' ? 'Review and approve' : 'Review and sign', link: v.link },
      outro: `This link is personal: do not forward it. It works until ${day(v.expiresAt)}.`,
    }),
  };
}

export function codeMail(code: string, documentName: string): RequestMail {
  return {
    subject: `${code} is your ${SITE} code`,
    ...render({
      title: 'Your identity code',
      paragraphs: [`Enter this code to open "${documentName}": ${code}`],
      outro: 'The code expires in 10 minutes. If you did not ask for it, ignore this e-mail.',
    }),
  };
}

export function cancelledMail(sender: string, documentName: string): RequestMail {
  return {
    subject: `"${documentName}" no longer needs your signature`,
    ...render({
      title: 'Signing request cancelled',
      paragraphs: [
        `${sender} has cancelled the signing request for "${documentName}". The link you received no longer works.`,
      ],
      outro: 'Nothing more is needed from you.',
    }),
  };
}

export function declinedMail(v: {
  recipient: string;
  documentName: string;
  reason: string;
  link: string;
}): RequestMail {
  return {
    subject: `${v.recipient} declined to sign "${v.documentName}"`,
    ...render({
      title: 'Signing declined',
      paragraphs: [
        `${v.recipient} has declined to sign "${v.documentName}". The request has stopped and every link has stopped working; the document is pending again.`,
      ],
      quote: { label: 'The reason they gave:', text: v.reason },
      action: { label: 'Open the document', link: v.link },
      outro: 'You can change the document or send a new request.',
    }),
  };
}

export function expiredMail(documentName: string, link: string): RequestMail {
  return {
    subject: `The signing request for "${documentName}" has expired`,
    ...render({
      title: 'Signing request expired',
      paragraphs: [
        `Not everyone signed "${documentName}" before the request expired. Its links no longer work; the document is pending again.`,
      ],
      action: { label: 'Open the document', link },
      outro: 'You can send a new request at any time.',
    }),
  };
}

/**
 * The mail everyone gets once all have signed: the owner's opens the document; a recipient's
 * carries their download link when the owner left it on (`linkUntil`), and the file when it fits.
 */
export function completedMail(v: {
  documentName: string;
  link: string;
  verifyUrl: string;
  attached: boolean;
  forOwner: boolean;
  sender: string;
  /** Until when the recipients' download links work; null when the owner chose none. */
  linkUntil: string | null;
}): RequestMail {
  const file = v.attached
    ? 'The final PDF is attached.'
    : v.forOwner || v.linkUntil
      ? 'Download the final PDF with the link below.'
      : `The final PDF is too large to attach to this e-mail: ${v.sender} will share it with you.`;
  const recipientsGot = v.linkUntil
    ? `Each recipient received a download link of their own, valid until ${day(v.linkUntil)}. You can turn the links off on the document's page.`
    : v.attached
      ? 'The recipients received the final PDF attached, without a download link.'
      : 'The recipients received no copy: the file is too large to attach and you chose no download link. Share it with them yourself.';
  const action = v.forOwner
    ? { label: 'Open the document', link: v.link }
    : v.linkUntil
      ? { label: 'Download the signed PDF', link: v.link }
      : undefined;
  return {
    subject: `"${v.documentName}" has been signed by everyone`,
    ...render({
      title: 'Everyone has signed',
      paragraphs: [
        `Every recipient has finished "${v.documentName}". The final PDF carries each signature with its own QR code, an audit trail and a seal anyone can check.`,
        file,
        ...(v.forOwner ? [recipientsGot] : []),
        `Public verification: ${v.verifyUrl}`,
      ],
      ...(action ? { action } : {}),
      outro: v.forOwner
        ? `The document is in your ${SITE} account.`
        : v.linkUntil
          ? `The download link works until ${day(v.linkUntil)}; keep a copy of the file.`
          : v.attached
            ? 'Keep a copy of the file.'
            : `Ask ${v.sender} if you do not receive it.`,
    }),
  };
}
