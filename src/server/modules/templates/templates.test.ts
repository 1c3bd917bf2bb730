import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MIN_STAMP_BOX } from '#shared/documents/stamp-layout.ts';
import { requestMessages } from '#shared/requests/messages.ts';
import type { SigningRequest } from '#shared/requests/schemas.ts';
import type { Template } from '#shared/templates/answers.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import type { TemplatePatchInput, UseTemplateInput } from '#shared/templates/schemas.ts';
import type { Agent } from '#server/test/agent.ts';
import { getBytes, pdftotext, upload } from '#server/test/documents.ts';
import {
  mailedToken,
  mailsTo,
  owner,
  person,
  recipientAgent,
  requestsTestApp,
  uploaded,
  type Ctx,
} from '#server/test/requests.ts';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await requestsTestApp();
});
afterAll(() => ctx.close());

async function newTemplate(agent: Agent, name = 'Flat lease'): Promise<Template> {
  const res = await upload(
    ctx.app,
    agent,
    { name },
    { filename: 'lease.pdf', bytes: ctx.pdf },
    '/api/templates',
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().template as Template;
}

/** Two signing roles, a keyed rent the tenant may not change and a keyed note they may. */
const leaseSettings: TemplatePatchInput = {
  roles: [
    { name: 'Tenant', role: 'signer' },
    { name: 'Landlord', role: 'signer' },
  ],
  fields: [
    { role: 0, type: 'signature', page: 1, rect: { x: 72, y: 100, width: 180, height: 80 } },
    { role: 1, type: 'signature', page: 1, rect: { x: 300, y: 100, width: 180, height: 80 } },
    {
      role: 0,
      type: 'text',
      page: 1,
      rect: { x: 72, y: 300, width: 200, height: 24 },
      key: 'rent',
      defaultValue: '900 EUR',
      editable: false,
    },
    {
      role: 0,
      type: 'text',
      page: 1,
      rect: { x: 72, y: 340, width: 200, height: 24 },
      required: false,
      key: 'note',
      editable: true,
    },
  ],
  order: 'sequential',
  requireCode: false,
  expiryDays: 14,
  message: 'Please sign the lease.',
};

const patch = (agent: Agent, id: number, body: TemplatePatchInput) =>
  agent.request('PATCH', `/api/templates/${id}`, body);

async function readyTemplate(agent: Agent, name?: string) {
  const t = await newTemplate(agent, name);
  const res = await patch(agent, t.id, leaseSettings);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().template as Template;
}

const use = (agent: Agent, id: number, body: UseTemplateInput) =>
  agent.post(`/api/templates/${id}/requests`, body);

describe('making templates', () => {
  test('from an upload: kept apart from the documents, counted in storage, ready once it has roles and fields', async () => {
    const o = await owner(ctx);
    const before = (await o.agent.get('/api/documents/usage')).json().usedBytes as number;
    const t = await newTemplate(o.agent);
    expect(t).toMatchObject({
      name: 'Flat lease',
      pageCount: 2,
      fileAvailable: true,
      ready: false,
      roles: [],
      fields: [],
      order: 'sequential',
      expiryDays: 30,
      requireCode: true,
      uses: 0,
    });
    // Its file is no document of the user's: not listed, not reachable, not sendable.
    expect((await o.agent.get('/api/documents')).json()).toEqual([]);
    const row = await ctx.app.db
      .selectFrom('templates')
      .select('document_id')
      .where('id', '=', t.id)
      .executeTakeFirstOrThrow();
    expect((await o.agent.get(`/api/documents/${row.document_id}`)).statusCode).toBe(404);
    expect(
      (await o.agent.post(`/api/documents/${row.document_id}/requests`, { recipients: [] })).statusCode,
    ).toBe(400);
    expect((await o.agent.get('/api/documents/usage')).json().usedBytes).toBe(before + ctx.pdf.length);
    const file = await getBytes(ctx.app, o.agent, `/api/templates/${t.id}/file`);
    expect(file.bytes.equals(ctx.pdf)).toBe(true);

    const saved = await patch(o.agent, t.id, leaseSettings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().template).toMatchObject({
      ready: true,
      roles: [
        { position: 0, name: 'Tenant', role: 'signer' },
        { position: 1, name: 'Landlord', role: 'signer' },
      ],
      expiryDays: 14,
      message: 'Please sign the lease.',
      requireCode: false,
    });
    expect(saved.json().template.fields[2]).toMatchObject({
      key: 'rent',
      defaultValue: '900 EUR',
      editable: false,
    });
  });

  test('from a document: a copy of its original, the document unchanged', async () => {
    const o = await owner(ctx);
    const docId = await uploaded(ctx, o.agent, 'NDA 2026');
    const res = await o.agent.post(`/api/documents/${docId}/template`, {});
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json().template as Template;
    expect(t).toMatchObject({ name: 'NDA 2026', pageCount: 2, fileAvailable: true });
    expect((await o.agent.get('/api/documents')).json().map((d: { id: number }) => d.id)).toEqual([docId]);
    // Deleting the document leaves the template's own copy.
    expect((await o.agent.request('DELETE', `/api/documents/${docId}`)).statusCode).toBe(200);
    expect((await o.agent.get(`/api/templates/${t.id}`)).json().template.fileAvailable).toBe(true);
    const other = await owner(ctx, 'Mallory');
    expect((await other.agent.post(`/api/documents/${docId}/template`, {})).statusCode).toBe(404);
  });

  const broken: [string, TemplatePatchInput, string, string][] = [
    [
      'a role named twice',
      { roles: [{ name: 'Client' }, { name: 'client' }] },
      m.roleNameRepeated('client'),
      'roles.1.name',
    ],
    [
      'a field of a role not in the list',
      {
        roles: [{ name: 'Client' }],
        fields: [{ role: 1, type: 'text', page: 1, rect: { x: 1, y: 1, width: 50, height: 20 } }],
      },
      m.fieldRoleMissing(1),
      'fields.0.role',
    ],
    [
      'a field for a viewer',
      {
        roles: [{ name: 'Copy', role: 'viewer' }],
        fields: [{ role: 0, type: 'text', page: 1, rect: { x: 1, y: 1, width: 50, height: 20 } }],
      },
      m.fieldsForViewer('Copy'),
      'fields.0.role',
    ],
    [
      'a key on a signature field',
      {
        roles: [{ name: 'Client' }],
        fields: [
          {
            role: 0,
            type: 'signature',
            page: 1,
            rect: { x: 72, y: 100, width: 180, height: 80 },
            key: 'sig',
          },
        ],
      },
      m.keyOnlyForText,
      'fields.0.key',
    ],
    [
      'a key used twice',
      {
        roles: [{ name: 'Client' }],
        fields: [
          { role: 0, type: 'text', page: 1, rect: { x: 1, y: 1, width: 50, height: 20 }, key: 'rent' },
          { role: 0, type: 'text', page: 1, rect: { x: 1, y: 40, width: 50, height: 20 }, key: 'Rent' },
        ],
      },
      m.keyRepeated('Rent'),
      'fields.1.key',
    ],
    [
      'a signature field too small for its stamp',
      {
        roles: [{ name: 'Client' }],
        fields: [
          {
            role: 0,
            type: 'signature',
            page: 1,
            rect: { x: 72, y: 100, width: 300, height: MIN_STAMP_BOX.height - 1 },
          },
        ],
      },
      requestMessages.signatureFieldTooSmall(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height),
      'fields.0.rect',
    ],
    [
      'a field on a page the file lacks',
      {
        roles: [{ name: 'Client' }],
        fields: [{ role: 0, type: 'text', page: 3, rect: { x: 1, y: 1, width: 50, height: 20 } }],
      },
      requestMessages.fieldPageMissing(3, 2),
      'fields.0.page',
    ],
  ];
  test.each(broken)('refuses %s, naming where, and keeps what was saved', async (_, body, message, path) => {
    const o = await owner(ctx);
    const t = await readyTemplate(o.agent);
    const res = await patch(o.agent, t.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, issues: [{ path, message }] });
    expect((await o.agent.get(`/api/templates/${t.id}`)).json().template).toEqual(t);
  });

  test('a key must be a plain name', async () => {
    const o = await owner(ctx);
    const t = await newTemplate(o.agent);
    const res = await patch(o.agent, t.id, {
      roles: [{ name: 'Client' }],
      fields: [{ role: 0, type: 'text', page: 1, rect: { x: 1, y: 1, width: 50, height: 20 }, key: '=1+1' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(m.keyInvalid);
  });
});

describe('the templates list and its actions', () => {
  test('search, rename, duplicate (with its own file) and delete (with its file)', async () => {
    const o = await owner(ctx);
    const lease = await readyTemplate(o.agent, 'Flat lease');
    const nda = await newTemplate(o.agent, 'Mutual NDA');
    const all = (await o.agent.get('/api/templates')).json();
    expect(all.total).toBe(2);
    expect(all.items.map((t: Template) => t.name)).toEqual(['Mutual NDA', 'Flat lease']);
    expect((await o.agent.get('/api/templates?q=nda')).json().items.map((t: Template) => t.id)).toEqual([
      nda.id,
    ]);
    expect(
      (await o.agent.get('/api/templates?pageSize=1&page=2')).json().items.map((t: Template) => t.id),
    ).toEqual([lease.id]);

    const renamed = await patch(o.agent, lease.id, { name: 'House lease' });
    expect(renamed.json().template).toMatchObject({
      name: 'House lease',
      roles: lease.roles,
      fields: lease.fields,
    });

    const copy = await o.agent.post(`/api/templates/${lease.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    const dup = copy.json().template as Template;
    expect(dup).toMatchObject({
      name: 'House lease (copy)',
      roles: lease.roles,
      fields: lease.fields,
      ready: true,
      uses: 0,
    });
    expect(dup.id).not.toBe(lease.id);

    const files = await ctx.app.db
      .selectFrom('templates')
      .select(['id', 'document_id'])
      .where('user_id', '=', o.id)
      .execute();
    expect(new Set(files.map((f) => f.document_id)).size).toBe(3);
    const del = await o.agent.request('DELETE', `/api/templates/${lease.id}`);
    expect(del.json()).toEqual({ message: m.deleted });
    const leaseDoc = files.find((f) => f.id === lease.id)!.document_id!;
    expect(
      await ctx.app.db.selectFrom('documents').select('id').where('id', '=', leaseDoc).executeTakeFirst(),
    ).toBeUndefined();
    expect((await o.agent.get(`/api/templates/${dup.id}/file`)).statusCode).toBe(200);
    expect((await o.agent.get(`/api/templates/${lease.id}`)).statusCode).toBe(404);
  });

  test("another user's template answers 404 to every route, and changes nothing", async () => {
    const o = await owner(ctx);
    const t = await readyTemplate(o.agent);
    const other = (await owner(ctx, 'Mallory')).agent;
    const answers = await Promise.all([
      other.get(`/api/templates/${t.id}`),
      other.get(`/api/templates/${t.id}/file`),
      patch(other, t.id, { name: 'Mine now' }),
      other.post(`/api/templates/${t.id}/duplicate`),
      other.request('DELETE', `/api/templates/${t.id}`),
      use(other, t.id, { recipients: [person('A'), person('B')] }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(answers[0]!.json()).toEqual({ message: m.notFound });
    expect((await other.get('/api/templates')).json()).toEqual({ items: [], total: 0 });
    expect((await o.agent.get(`/api/templates/${t.id}`)).json().template).toEqual(t);
    const anonymous = recipientAgent(ctx.app);
    expect((await anonymous.get('/api/templates')).statusCode).toBe(401);
  });
});

describe('using a template', () => {
  test('each role gets its person, keyed fields their values; the file is copied, the template counts the use', async () => {
    const o = await owner(ctx);
    const t = await readyTemplate(o.agent);
    const tenant = person('Tina Tenant');
    const landlord = person('Lars Landlord');
    const res = await use(o.agent, t.id, {
      recipients: [tenant, landlord],
      values: { RENT: '1,250 EUR' },
      documentName: 'Lease, Flat 4',
    });
    expect(res.statusCode, res.body).toBe(201);
    const request = res.json().request as SigningRequest;
    expect(request).toMatchObject({
      documentName: 'Lease, Flat 4',
      order: 'sequential',
      message: 'Please sign the lease.',
    });
    expect(Date.parse(request.expiresAt) - ctx.clock.now()).toBeCloseTo(14 * 24 * 3600 * 1000, -5);
    expect(request.recipients.map((r) => [r.name, r.email, r.role, r.status])).toEqual([
      ['Tina Tenant', tenant.email, 'signer', 'sent'],
      ['Lars Landlord', landlord.email, 'signer', 'waiting'],
    ]);
    expect(request.fields.map((f) => [f.type, f.key, f.prefill, f.editable])).toEqual([
      ['signature', null, null, true],
      ['signature', null, null, true],
      ['text', 'rent', '1,250 EUR', false],
      ['text', 'note', null, true],
    ]);
    expect(request.fields[2]!.recipientId).toBe(request.recipients[0]!.id);
    const docs = (await o.agent.get('/api/documents')).json();
    expect(docs.map((d: { id: number; status: string }) => [d.id, d.status])).toEqual([
      [request.documentId, 'awaiting'],
    ]);
    expect((await o.agent.get(`/api/templates/${t.id}`)).json().template.uses).toBe(1);
    expect(await mailsTo(ctx, tenant.email)).toHaveLength(1);
    const events = await ctx.app.db
      .selectFrom('webhook_events')
      .select(['type', 'data'])
      .where('user_id', '=', o.id)
      .where('type', '=', 'template.used')
      .execute();
    expect(events.map((e) => JSON.parse(e.data))).toEqual([
      { templateId: t.id, templateName: 'Flat lease', requestId: request.id, documentId: request.documentId },
    ]);
    // The template's own file is untouched, and a second use makes a second document.
    const again = await use(o.agent, t.id, { recipients: [person('Ann'), person('Bob')] });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().request.fields[2].prefill).toBe('900 EUR');
    expect((await getBytes(ctx.app, o.agent, `/api/templates/${t.id}/file`)).bytes.equals(ctx.pdf)).toBe(
      true,
    );
  });

  test('the recipient sees the given value: a locked one stands, in the signed PDF too; an editable one may change', async () => {
    const o = await owner(ctx);
    const t = await readyTemplate(o.agent);
    const tenant = person('Tina Tenant');
    const landlord = person('Lars Landlord');
    const made = await use(o.agent, t.id, {
      recipients: [tenant, landlord],
      values: { rent: '1,250 EUR', note: 'Keys at the office' },
    });
    const request = made.json().request as SigningRequest;
    const browser = recipientAgent(ctx.app);
    const token = await mailedToken(ctx, tenant.email);
    const view = (await browser.get(`/api/sign/${token}`)).json();
    const [sig, rent, note] = view.fields as { id: number; prefill: string | null; editable: boolean }[];
    expect([rent, note].map((f) => [f!.prefill, f!.editable])).toEqual([
      ['1,250 EUR', false],
      ['Keys at the office', true],
    ]);
    const image = { fieldId: sig!.id, kind: 'image' as const, image: ctx.png };
    const changed = await browser.post(`/api/sign/${token}/complete`, {
      values: [image, { fieldId: rent!.id, kind: 'text', text: '1 EUR' }],
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(requestMessages.fieldPrefillLocked);
    const done = await browser.post(`/api/sign/${token}/complete`, {
      values: [image, { fieldId: note!.id, kind: 'text', text: 'Keys with the neighbour' }],
    });
    expect(done.statusCode, done.body).toBe(200);
    const landlordToken = await mailedToken(ctx, landlord.email);
    const second = recipientAgent(ctx.app);
    const lv = (await second.get(`/api/sign/${landlordToken}`)).json();
    expect(
      (
        await second.post(`/api/sign/${landlordToken}/complete`, {
          values: [{ fieldId: lv.fields[0].id, kind: 'image', image: ctx.png }],
        })
      ).statusCode,
    ).toBe(200);
    const after = (await o.agent.get(`/api/documents/${request.documentId}/requests/current`)).json()
      .request as SigningRequest;
    expect(after.status).toBe('completed');
    expect(after.fields.map((f) => f.value).slice(2)).toEqual(['1,250 EUR', 'Keys with the neighbour']);
    const signed = await getBytes(ctx.app, o.agent, `/api/documents/${request.documentId}/download`);
    const text = await pdftotext(signed.bytes, 1);
    expect(text).toContain('1,250 EUR');
    expect(text).toContain('Keys with the neighbour');
  });

  const refusals: [string, (t: Template) => UseTemplateInput, number, string][] = [
    ['a person short', () => ({ recipients: [person('A')] }), 400, m.assigneesRequired(2)],
    [
      'a value for a key the template lacks',
      () => ({ recipients: [person('A'), person('B')], values: { deposit: '1' } }),
      400,
      m.valueUnknownKey('deposit'),
    ],
    [
      'a value over 500 characters',
      () => ({ recipients: [person('A'), person('B')], values: { rent: 'x'.repeat(501) } }),
      400,
      m.valueTooLong('rent'),
    ],
    [
      'one address for two roles',
      () => {
        const a = person('A');
        return { recipients: [a, { name: 'B', email: a.email }] };
      },
      400,
      'is listed twice',
    ],
  ];
  test.each(refusals)('refuses %s and sends nothing', async (_, bodyOf, status, message) => {
    const o = await owner(ctx);
    const t = await readyTemplate(o.agent);
    const res = await use(o.agent, t.id, bodyOf(t));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    expect((await o.agent.get('/api/documents')).json()).toEqual([]);
    expect((await o.agent.get(`/api/templates/${t.id}`)).json().template.uses).toBe(0);
  });

  test('a template not ready, or whose file was deleted, says so', async () => {
    const o = await owner(ctx);
    const bare = await newTemplate(o.agent);
    const notReady = await use(o.agent, bare.id, { recipients: [person('A')] });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(m.notReady);

    const t = await readyTemplate(o.agent);
    const row = await ctx.app.db
      .selectFrom('templates')
      .select('document_id')
      .where('id', '=', t.id)
      .executeTakeFirstOrThrow();
    await ctx.app.db.deleteFrom('documents').where('id', '=', row.document_id!).execute();
    expect((await o.agent.get(`/api/templates/${t.id}`)).json().template).toMatchObject({
      fileAvailable: false,
      pageCount: 0,
    });
    const gone = await use(o.agent, t.id, { recipients: [person('A'), person('B')] });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(m.fileMissing);
    expect((await o.agent.post(`/api/templates/${t.id}/duplicate`)).statusCode).toBe(409);
    expect((await o.agent.request('DELETE', `/api/templates/${t.id}`)).statusCode).toBe(200);
  });
});
