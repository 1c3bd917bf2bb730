import { describe, expect, test } from 'vitest';
import { requestMessages } from '#shared/requests/messages.ts';
import type { Template } from '#shared/templates/answers.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import { checkDraft, fromTemplate, placeOf, removeRole, serverIssues, toPatch } from './editor.ts';
import { checkUseForm, issuesOfUse, keyedValues, newUseForm, toUseBody } from './use.ts';

const page = { width: 612, height: 792 };
const sizes = new Map([[1, page]]);

const lease: Template = {
  id: 7,
  name: 'Lease',
  pageCount: 1,
  fileAvailable: true,
  ready: true,
  roles: [
    { position: 1, name: 'Landlord', role: 'signer' },
    { position: 0, name: 'Client', role: 'signer' },
  ],
  fields: [
    {
      role: 0,
      type: 'signature',
      page: 1,
      rect: { x: 40, y: 600, width: 180, height: 80 },
      required: true,
      key: null,
      defaultValue: null,
      editable: true,
    },
    {
      role: 1,
      type: 'signature',
      page: 1,
      rect: { x: 300, y: 600, width: 180, height: 80 },
      required: true,
      key: null,
      defaultValue: null,
      editable: true,
    },
    {
      role: 1,
      type: 'text',
      page: 1,
      rect: { x: 40, y: 100, width: 180, height: 24 },
      required: true,
      key: 'rent',
      defaultValue: '900',
      editable: false,
    },
  ],
  order: 'sequential',
  message: 'Please sign',
  expiryDays: 14,
  reminders: null,
  requireCode: false,
  recipientsDownloadLink: true,
  uses: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

describe('template editor draft', () => {
  test('a template comes back unchanged from its draft, roles by position', () => {
    const draft = fromTemplate(lease, sizes);
    expect(draft.roles.map((r) => r.name)).toEqual(['Client', 'Landlord']);
    const body = toPatch(draft);
    expect(body.roles).toEqual([
      { name: 'Client', role: 'signer' },
      { name: 'Landlord', role: 'signer' },
    ]);
    expect(body.fields).toEqual(lease.fields);
    expect(body).toMatchObject({
      name: 'Lease',
      order: 'sequential',
      message: 'Please sign',
      expiryDays: 14,
      reminders: null,
      requireCode: false,
      recipientsDownloadLink: true,
    });
    expect(checkDraft(draft)).toEqual({});
  });

  test('reordering roles keeps each field with its role', () => {
    const draft = fromTemplate(lease, sizes);
    const body = toPatch({ ...draft, roles: [draft.roles[1]!, draft.roles[0]!] });
    expect(body.fields.map((f) => [f.role, f.type])).toEqual([
      [1, 'signature'],
      [0, 'signature'],
      [0, 'text'],
    ]);
  });

  test('removing a role removes its fields', () => {
    const draft = fromTemplate(lease, sizes);
    const left = removeRole(draft, draft.roles[1]!.key);
    expect(left.roles.map((r) => r.name)).toEqual(['Client']);
    expect(left.fields).toHaveLength(1);
  });

  test('a key is only sent for a text field', () => {
    const draft = fromTemplate(lease, sizes);
    const sig = draft.fields[0]!;
    const body = toPatch({
      ...draft,
      extras: { ...draft.extras, [sig.key]: { textKey: 'x', defaultValue: 'y', editable: true } },
    });
    expect(body.fields[0]).toMatchObject({ key: null, defaultValue: null });
  });

  test('the browser finds what the server would refuse, where it belongs', () => {
    const draft = fromTemplate(lease, sizes);
    const issues = checkDraft({
      ...draft,
      name: ' ',
      roles: draft.roles.map((r) => ({ ...r, name: 'Client' })),
    });
    expect(issues.name).toBe(m.nameRequired);
    expect(issues['roles.1.name']).toBe(m.roleNameRepeated('Client'));
    const text = draft.fields[2]!;
    const badKey = checkDraft({
      ...draft,
      extras: { [text.key]: { textKey: '1rent', defaultValue: '', editable: true } },
    });
    expect(badKey.fields).toBe(m.keyInvalid);
  });

  test('places of messages', () => {
    expect(placeOf(['roles', 2, 'name'])).toBe('roles.2.name');
    expect(placeOf(['roles', 2])).toBe('roles');
    expect(placeOf(['fields', 0, 'key'])).toBe('fields');
    expect(placeOf(['reminders', 'everyDays'])).toBe('reminders');
    expect(placeOf([])).toBe('form');
    expect(serverIssues({ message: 'x', path: ['roles', 0] }, 'x')).toEqual({ roles: 'x' });
    expect(serverIssues({ issues: [{ path: 'expiryDays', message: 'bad' }] }, 'y')).toEqual({
      expiryDays: 'bad',
    });
    expect(serverIssues({}, 'gone')).toEqual({ form: 'gone' });
  });
});

describe('using a template', () => {
  test('one person per role and the keyed values with their defaults', () => {
    expect(keyedValues(lease)).toEqual([
      { key: 'rent', defaultValue: '900', roles: ['Landlord'], editable: false },
    ]);
    const form = newUseForm(lease);
    expect(form.people).toHaveLength(2);
    expect(form.values).toEqual({ rent: '900' });
  });

  test('the body leaves empty options to the template', () => {
    const form = {
      ...newUseForm(lease),
      people: [
        { name: ' Ann ', email: 'ann@example.com ' },
        { name: 'Bob', email: 'bob@example.com' },
      ],
    };
    expect(toUseBody(form)).toEqual({
      recipients: [
        { name: 'Ann', email: 'ann@example.com' },
        { name: 'Bob', email: 'bob@example.com' },
      ],
      values: { rent: '900' },
    });
    const now = new Date(2026, 0, 1, 12).getTime();
    const body = toUseBody(
      { ...form, documentName: 'Lease Ann', message: 'Hi', expiryDate: '2026-01-10' },
      now,
    );
    expect(body).toMatchObject({ documentName: 'Lease Ann', message: 'Hi' });
    expect(new Date(body.expiresAt!).getDate()).toBe(10);
  });

  test('checks people and the expiry before sending', () => {
    const now = new Date(2026, 0, 1, 12).getTime();
    const form = {
      ...newUseForm(lease),
      people: [
        { name: 'Ann', email: 'ann@example.com' },
        { name: 'Bob', email: 'ANN@example.com' },
      ],
      expiryDate: '2025-12-01',
    };
    const issues = checkUseForm(form, now);
    expect(issues['people.1.email']).toBe(requestMessages.recipientEmailRepeated('ann@example.com'));
    expect(issues.expiresAt).toBe(requestMessages.expiryInPast);
    expect(
      checkUseForm({ ...form, people: [form.people[0]!, { name: '', email: 'nope' }] }, now)[
        'people.1.email'
      ],
    ).toBeTruthy();
  });

  test("the server's refusals land on the person or value they are about", () => {
    expect(issuesOfUse({ issues: [{ path: 'recipients.1.email', message: 'bad' }] }, 'x')).toEqual({
      'people.1.email': 'bad',
    });
    expect(issuesOfUse({ message: 'long', path: ['values', 'rent'] }, 'long')).toEqual({
      'values.rent': 'long',
    });
    expect(issuesOfUse({ message: m.notReady }, m.notReady)).toEqual({ form: m.notReady });
  });
});
