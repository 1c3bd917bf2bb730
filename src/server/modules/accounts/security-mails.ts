import type { MailContent } from '../mail/templates.ts';
import { layout, SITE } from '../mail/templates.ts';

/** The security notices: what changed, when, from where, and where to look. */
function notice(subject: string, intro: string, settingsLink: string): MailContent {
  const outro =
    'If this was you, there is nothing to do. If it was not, change your password at once and review your sessions and two-factor settings.';
  return {
    subject,
    text: `${intro}\n\nReview your security settings: ${settingsLink}\n\n${outro}\n`,
    html: layout(subject, intro, 'Review security settings', settingsLink, outro),
  };
}

const where = (ip: string, device: string) => `${device}, from ${ip}`;

export const securityMails = {
  twoFactorOn: (link: string, ip: string, device: string) =>
    notice(
      'Two-factor sign-in is on',
      `Two-factor sign-in was turned on for your ${SITE} account (${where(ip, device)}).`,
      link,
    ),
  twoFactorOff: (link: string, ip: string, device: string) =>
    notice(
      'Two-factor sign-in is off',
      `Two-factor sign-in was turned off for your ${SITE} account (${where(ip, device)}). Your password alone now signs in.`,
      link,
    ),
  twoFactorReset: (link: string) =>
    notice(
      'Your two-factor sign-in was reset',
      `An administrator reset the two-factor sign-in of your ${SITE} account: your authenticator app, recovery codes and passkeys no longer sign in. Set them up again in your security settings.`,
      link,
    ),
  passkeyAdded: (link: string, name: string, ip: string, device: string) =>
    notice(
      'A passkey was added',
      `A passkey named "${name}" was added to your ${SITE} account (${where(ip, device)}).`,
      link,
    ),
  passwordChanged: (link: string, ip: string, device: string) =>
    notice(
      'Your password was changed',
      `The password of your ${SITE} account was changed (${where(ip, device)}). Your other sessions were signed out.`,
      link,
    ),
  emailChanged: (link: string, newAddress: string) =>
    notice(
      'Your e-mail address was changed',
      `The e-mail address of your ${SITE} account was changed to ${newAddress}. Mail about the account now goes there.`,
      link,
    ),
  emailChangeRequested: (link: string, newAddress: string) =>
    notice(
      'An e-mail change was requested',
      `Someone signed in to your ${SITE} account asked to change its e-mail address to ${newAddress}. It changes only when the link sent there is opened.`,
      link,
    ),
  newDevice: (link: string, ip: string, device: string, at: string) =>
    notice(
      'New sign-in to your account',
      `Your ${SITE} account was signed in to from a device it had not been used on: ${where(ip, device)}, at ${at.slice(0, 16).replace('T', ' ')} UTC.`,
      link,
    ),
};

export function confirmEmailChangeMail(link: string): MailContent {
  const intro = `Confirm that this address is yours to make it the e-mail address of your ${SITE} account.`;
  const outro =
    'The link works once and expires in 24 hours. If you did not ask for this, ignore this e-mail.';
  return {
    subject: 'Confirm your new e-mail address',
    text: `${intro}\n\nConfirm the new address: ${link}\n\n${outro}\n`,
    html: layout('Confirm your new e-mail address', intro, 'Confirm new address', link, outro),
  };
}
