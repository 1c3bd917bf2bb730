import { describe, expect, test } from 'vitest';
import { completedMail, declinedMail, invitationMail } from './mails.ts';

describe('request mails', () => {
  test("the decline mail gives the reason once, under its own label, with no stray 'Message:'", () => {
    const mail = declinedMail({
      recipient: 'Dee Cliner',
      documentName: 'Offer letter',
      reason: 'The salary is wrong.',
      link: 'https://inkproof.example/documents/7',
    });
    expect(mail.text).not.toContain('Message:');
    expect(mail.text).toContain('The reason they gave:\nThe salary is wrong.');
    expect(mail.text.match(/The reason they gave:/g)).toHaveLength(1);
    expect(mail.html).not.toContain('Message:');
    expect(mail.html.match(/The reason they gave:/g)).toHaveLength(1);
  });

  test('the invitation names whose message it carries, and has no label when there is none', () => {
    const base = {
      sender: 'Olga Owner',
      documentName: 'Lease',
      role: 'signer' as const,
      link: 'https://inkproof.example/sign/x',
      expiresAt: '2026-12-01T00:00:00.000Z',
    };
    expect(invitationMail({ ...base, message: 'Page 2 too.' }).text).toContain(
      'Message from Olga Owner:\nPage 2 too.',
    );
    const without = invitationMail({ ...base, message: null });
    expect(without.text).not.toContain('Message');
    expect(without.html).not.toContain('Message');
  });

  test('without a download link, a file too large to attach is left to the sender, and no link is offered', () => {
    const v = {
      documentName: 'Lease',
      link: '',
      verifyUrl: 'https://inkproof.example/verify-signature?document=DOC-20261128-ABCDEFGH',
      attached: false,
      forOwner: false,
      sender: 'Olga Owner',
      linkUntil: null,
    };
    const mail = completedMail(v);
    expect(mail.text).toContain(
      'The final PDF is too large to attach to this e-mail: Olga Owner will share it with you.',
    );
    expect(mail.text).not.toMatch(/download/i);
    expect(mail.html).not.toContain('href=""');
    expect(
      completedMail({ ...v, forOwner: true, link: 'https://inkproof.example/documents/7' }).text,
    ).toContain('The recipients received no copy');
  });
});
