import { layout, SITE, type MailContent } from '#server/modules/mail/templates.ts';

/** To the owner of an endpoint the server switched off after 3 days of failed deliveries. */
export function endpointDisabledMail(v: { url: string; failingSince: string; link: string }): MailContent {
  const title = 'A webhook endpoint was disabled';
  const intro =
    `Deliveries to your webhook endpoint ${v.url} have failed since ${v.failingSince} with no success, ` +
    `so ${SITE} stopped sending to it. Its delivery log shows each attempt's answer.`;
  const outro =
    'Fix the receiver, then enable the endpoint again in Settings > Webhooks and redeliver the events it missed.';
  return {
    subject: 'Your webhook endpoint was disabled',
    text: `${intro}\n\nOpen your webhooks: ${v.link}\n\n${outro}\n`,
    html: layout(title, intro, 'Open webhooks', v.link, outro),
  };
}
