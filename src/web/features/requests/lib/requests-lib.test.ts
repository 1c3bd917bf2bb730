import { describe, expect, test } from 'vitest';
import { MIN_STAMP_BOX } from '#shared/documents/stamp-layout.ts';
import { requestMessages as m } from '#shared/requests/messages.ts';
import { createRequestSchema } from '#shared/requests/schemas.ts';
import { contrast, RECIPIENT_COLOURS } from '#web/components/fields/colours.ts';
import {
  addDays,
  checkCompose,
  checkFields,
  expiryInstant,
  moveRecipient,
  newDraft,
  newRecipient,
  serverIssues,
  toCreateBody,
  type Draft,
} from './draft.ts';
import { FIELD_SIZES, moveField, newField, resizeField } from '#web/components/fields/fields.ts';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const page = { width: 612, height: 792 };

function draftWith(recipients: Array<[string, string, 'signer' | 'approver' | 'viewer']>): Draft {
  return {
    ...newDraft(NOW),
    recipients: recipients.map(([name, email, role]) => newRecipient(role, name, email)),
  };
}

describe('composing a request', () => {
  test('defaults: sequential, 30 days, reminders after 3 then every 3 days, identity code and download link on', () => {
    const d = newDraft(NOW);
    expect(d.order).toBe('sequential');
    expect(d.expiryDate).toBe(addDays(NOW, 30));
    expect([d.remindersOn, d.firstAfterDays, d.everyDays, d.requireCode]).toEqual([true, 3, 3, true]);
    expect(toCreateBody(d, NOW).recipientsDownloadLink).toBe(true);
    expect(toCreateBody({ ...d, recipientsDownloadLink: false }, NOW).recipientsDownloadLink).toBe(false);
  });

  test('a repeated address (in any case) is refused on the second recipient', () => {
    const d = draftWith([
      ['Ann', 'ann@example.com', 'signer'],
      ['Ann B', 'ANN@example.com ', 'signer'],
    ]);
    expect(checkCompose(d, NOW)).toEqual({
      'recipients.1.email': m.recipientEmailRepeated('ann@example.com'),
    });
  });

  test('an invalid address and a missing name go on their fields', () => {
    const d = draftWith([['', 'not-an-address', 'signer']]);
    const issues = checkCompose(d, NOW);
    expect(issues['recipients.0.name']).toBe(m.recipientNameRequired);
    expect(issues['recipients.0.email']).toBe(m.recipientEmailInvalid);
  });

  test('more than 20 recipients are refused', () => {
    const d = draftWith(
      Array.from(
        { length: 21 },
        (_, i) => [`P${i}`, `p${i}@example.com`, 'signer'] as [string, string, 'signer'],
      ),
    );
    expect(checkCompose(d, NOW).recipients).toBe(m.tooManyRecipients);
  });

  test('viewers alone cannot make a request', () => {
    expect(checkCompose(draftWith([['V', 'v@example.com', 'viewer']]), NOW).recipients).toBe(m.nobodyActs);
  });

  test('the expiry must lie between now and 365 days ahead', () => {
    const d = draftWith([['A', 'a@example.com', 'signer']]);
    expect(checkCompose({ ...d, expiryDate: addDays(NOW, -1) }, NOW).expiresAt).toBe(m.expiryInPast);
    expect(checkCompose({ ...d, expiryDate: addDays(NOW, 366) }, NOW).expiresAt).toBe(m.expiryTooFar);
    expect(checkCompose({ ...d, expiryDate: addDays(NOW, 365) }, NOW).expiresAt).toBeUndefined();
    expect(expiryInstant(addDays(NOW, 365), NOW)).toBeLessThanOrEqual(NOW + 365 * 86_400_000);
  });

  test('reminders off are sent as null; out-of-range days are refused only when on', () => {
    const d = { ...draftWith([['A', 'a@example.com', 'signer']]), firstAfterDays: 0 };
    expect(checkCompose(d, NOW).reminders).toBe(m.remindersInvalid);
    expect(checkCompose({ ...d, remindersOn: false }, NOW).reminders).toBeUndefined();
    expect(toCreateBody({ ...d, remindersOn: false }, NOW).reminders).toBeNull();
  });

  test('reordering moves one place and stops at the ends', () => {
    expect(moveRecipient(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRecipient(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRecipient(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('fields', () => {
  test('a signer without a signature field cannot be sent; a viewer may have no fields', () => {
    const d = draftWith([
      ['Ann', 'ann@example.com', 'signer'],
      ['Val', 'val@example.com', 'viewer'],
    ]);
    const [ann, val] = d.recipients;
    expect(checkFields(d)).toEqual([m.signerWithoutSignature('Ann')]);
    const withSig = { ...d, fields: [newField([], ann!.key, 'signature', 1, page)] };
    expect(checkFields(withSig)).toEqual([]);
    const viewerField = { ...withSig, fields: [...withSig.fields, newField([], val!.key, 'text', 1, page)] };
    expect(checkFields(viewerField)).toEqual([m.fieldsForViewer('Val')]);
  });

  test('fields stay on their page when moved or resized, and keep a legible size', () => {
    const f = newField([], 'r-1', 'text', 1, page);
    const moved = moveField(f, 1000, -50);
    expect(moved.rect.x + moved.rect.width).toBeLessThanOrEqual(page.width);
    expect(moved.rect.y).toBe(0);
    const grown = resizeField(moved, 5000, 5000);
    expect(grown.rect.x + grown.rect.width).toBeLessThanOrEqual(page.width);
    const shrunk = resizeField(f, 1, 1);
    expect([shrunk.rect.width, shrunk.rect.height]).toEqual([30, 15]);
    expect(resizeField(newField([], 'r-1', 'checkbox', 1, page), 1, 1).rect.width).toBe(10);
  });

  test('a signature field keeps room for its QR code: it resizes no smaller, and a smaller one is not sent', () => {
    const d = draftWith([['Ann', 'ann@example.com', 'signer']]);
    const sig = newField([], d.recipients[0]!.key, 'signature', 1, page);
    const shrunk = resizeField(sig, 1, 1);
    expect([shrunk.rect.width, shrunk.rect.height]).toEqual([MIN_STAMP_BOX.width, MIN_STAMP_BOX.height]);
    expect(checkFields({ ...d, fields: [shrunk] })).toEqual([]);
    const old = { ...sig, rect: { ...sig.rect, height: MIN_STAMP_BOX.height - 1 } };
    expect(checkFields({ ...d, fields: [old] })).toEqual([
      m.signatureFieldTooSmall(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height),
    ]);
  });

  test('fields added one after another on a page do not sit on each other', () => {
    const a = newField([], 'r-1', 'signature', 1, page);
    const b = newField([a], 'r-1', 'signature', 1, page);
    expect([b.rect.x, b.rect.y]).not.toEqual([a.rect.x, a.rect.y]);
  });

  test('a field placed by a tap is centred on the point, and kept on the page near an edge', () => {
    const tapped = newField([], 'r-1', 'date', 1, page, { x: 200, y: 300 });
    expect(tapped.rect).toEqual({ x: 150, y: 288, width: 100, height: 24 });
    const corner = newField([tapped], 'r-1', 'signature', 1, page, { x: 600, y: 5 });
    const { width, height } = FIELD_SIZES.signature;
    expect(corner.rect).toEqual({ x: page.width - width, y: 0, width, height });
  });

  test('the body names recipients by index, after reordering, and passes the shared schema', () => {
    const d = draftWith([
      ['Ann', 'ann@example.com', 'signer'],
      ['Bob', 'bob@example.com', 'signer'],
    ]);
    const [ann, bob] = d.recipients;
    const fields = [
      newField([], ann!.key, 'signature', 1, page),
      newField([], bob!.key, 'signature', 2, page),
    ];
    const swapped = { ...d, recipients: moveRecipient(d.recipients, 1, -1), fields };
    const body = toCreateBody(swapped, NOW);
    expect(body.recipients.map((r) => r.name)).toEqual(['Bob', 'Ann']);
    expect(body.fields!.map((f) => [f.recipient, f.page])).toEqual([
      [1, 1],
      [0, 2],
    ]);
    expect(createRequestSchema.safeParse(body).success).toBe(true);
  });
});

describe('server answers', () => {
  test('schema issues and service paths land on their fields; the rest above the form', () => {
    expect(serverIssues({ issues: [{ path: 'recipients.1.email', message: 'dup' }] }, 'dup')).toEqual({
      'recipients.1.email': 'dup',
    });
    expect(serverIssues({ path: ['fields', 3, 'rect'] }, 'off page')).toEqual({ fields: 'off page' });
    expect(serverIssues({ path: ['recipients', 0] }, 'no sig')).toEqual({ fields: 'no sig' });
    expect(serverIssues({ path: ['expiresAt'] }, 'too far')).toEqual({ expiresAt: 'too far' });
    expect(serverIssues({ message: 'busy' }, 'busy')).toEqual({ form: 'busy' });
  });
});

test('every recipient colour reads as text on white and on its own tint', () => {
  for (const c of RECIPIENT_COLOURS) expect(contrast(c, '#ffffff')).toBeGreaterThanOrEqual(4.5);
});
