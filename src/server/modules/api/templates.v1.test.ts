import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SigningRequest } from '#shared/requests/schemas.ts';
import type { Template } from '#shared/templates/answers.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import { apiUser } from '#server/test/api.ts';
import { mailsTo, person, requestsTestApp, uploaded, type Ctx } from '#server/test/requests.ts';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await requestsTestApp();
});
afterAll(() => ctx.close());

const settings = {
  roles: [
    { name: 'Client', role: 'signer' as const },
    { name: 'Witness', role: 'approver' as const },
  ],
  fields: [
    { role: 0, type: 'signature' as const, page: 1, rect: { x: 72, y: 100, width: 180, height: 80 } },
    {
      role: 0,
      type: 'text' as const,
      page: 1,
      rect: { x: 72, y: 300, width: 200, height: 24 },
      key: 'amount',
    },
  ],
  requireCode: false,
};

async function ownerWithTemplate() {
  const u = await apiUser(ctx.app);
  const documentId = await uploaded(ctx, u.agent, 'Service contract');
  const res = await u.api.post('/api/v1/templates', { documentId, ...settings });
  expect(res.statusCode, res.body).toBe(201);
  return { ...u, documentId, template: res.json<Template>() };
}

describe('/api/v1/templates', () => {
  test('made from a document, listed with cursor paging, read, changed, deleted', async () => {
    const { api, documentId, template } = await ownerWithTemplate();
    expect(template).toMatchObject({
      name: 'Service contract',
      ready: true,
      roles: [
        { position: 0, name: 'Client', role: 'signer' },
        { position: 1, name: 'Witness', role: 'approver' },
      ],
    });
    expect(template.fields[1]).toMatchObject({ key: 'amount', editable: true, defaultValue: null });
    const second = await api.post('/api/v1/templates', { documentId, name: 'Second' });
    expect(second.json()).toMatchObject({ name: 'Second', ready: false, roles: [] });

    const first = (await api.get('/api/v1/templates?limit=1')).json<{
      items: Template[];
      nextCursor: string;
    }>();
    expect(first.items.map((t) => t.name)).toEqual(['Second']);
    const rest = (await api.get(`/api/v1/templates?limit=1&cursor=${first.nextCursor}`)).json();
    expect(rest).toMatchObject({ items: [{ id: template.id, name: 'Service contract' }], nextCursor: null });
    expect((await api.get(`/api/v1/templates/${template.id}`)).json()).toEqual(template);

    const renamed = await api.patch(`/api/v1/templates/${template.id}`, {
      name: 'Contract v2',
      expiryDays: 7,
    });
    expect(renamed.json()).toMatchObject({ name: 'Contract v2', expiryDays: 7, roles: template.roles });
    const bad = await api.patch(`/api/v1/templates/${template.id}`, {
      roles: [{ name: 'A' }, { name: 'a' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });

    expect((await api.delete(`/api/v1/templates/${second.json<Template>().id}`)).statusCode).toBe(204);
    expect((await api.get(`/api/v1/templates/${second.json<Template>().id}`)).json()).toEqual({
      message: m.notFound,
      code: 'not_found',
    });
  });

  test('a use sends a request with values; a retry with the same key sends nothing more', async () => {
    const { api, template } = await ownerWithTemplate();
    const client = person('Cleo Client');
    const witness = person('Will Witness');
    const body = { recipients: [client, witness], values: { amount: '4,000 EUR' } };
    const res = await api.post(`/api/v1/templates/${template.id}/requests`, body, {
      'idempotency-key': 'use-1',
    });
    expect(res.statusCode, res.body).toBe(201);
    const request = res.json<SigningRequest>();
    expect(request.recipients.map((r) => [r.name, r.role])).toEqual([
      ['Cleo Client', 'signer'],
      ['Will Witness', 'approver'],
    ]);
    expect(request.fields[1]).toMatchObject({ key: 'amount', prefill: '4,000 EUR', editable: true });
    const again = await api.post(`/api/v1/templates/${template.id}/requests`, body, {
      'idempotency-key': 'use-1',
    });
    expect(again.json<SigningRequest>().id).toBe(request.id);
    expect(await mailsTo(ctx, client.email)).toHaveLength(1);
    expect((await api.get(`/api/v1/templates/${template.id}`)).json<Template>().uses).toBe(1);

    const used = await ctx.app.db
      .selectFrom('webhook_events')
      .select('data')
      .where('type', '=', 'template.used')
      .where('data', 'like', `%"requestId":${request.id}%`)
      .execute();
    expect(used.map((e) => JSON.parse(e.data))).toEqual([
      {
        templateId: template.id,
        templateName: 'Service contract',
        requestId: request.id,
        documentId: request.documentId,
      },
    ]);
  });

  test('refusals carry their codes', async () => {
    const { api, documentId, template } = await ownerWithTemplate();
    const unknownKey = await api.post(`/api/v1/templates/${template.id}/requests`, {
      recipients: [person('A'), person('B')],
      values: { deposit: '1' },
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json()).toMatchObject({
      code: 'validation_failed',
      message: m.valueUnknownKey('deposit'),
    });

    const bare = (await api.post('/api/v1/templates', { documentId })).json<Template>();
    const notReady = await api.post(`/api/v1/templates/${bare.id}/requests`, { recipients: [person('A')] });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json()).toEqual({ message: m.notReady, code: 'template_not_ready' });

    const row = await ctx.app.db
      .selectFrom('templates')
      .select('document_id')
      .where('id', '=', template.id)
      .executeTakeFirstOrThrow();
    await ctx.app.db.deleteFrom('documents').where('id', '=', row.document_id!).execute();
    const gone = await api.post(`/api/v1/templates/${template.id}/requests`, {
      recipients: [person('A'), person('B')],
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({ message: m.fileMissing, code: 'template_file_missing' });

    const missingDoc = await api.post('/api/v1/templates', { documentId: 999_999 });
    expect(missingDoc.json()).toMatchObject({ code: 'not_found' });
  });

  test("scopes: reading needs documents:read, making documents:write, using requests:write; another's is 404", async () => {
    const { template } = await ownerWithTemplate();
    const reader = await apiUser(ctx.app, ['documents:read']);
    const docId = await uploaded(ctx, reader.agent);
    expect((await reader.api.get('/api/v1/templates')).statusCode).toBe(200);
    const write = await reader.api.post('/api/v1/templates', { documentId: docId });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'insufficient_scope', scope: 'documents:write' });
    const other = await apiUser(ctx.app);
    expect((await other.api.get(`/api/v1/templates/${template.id}`)).statusCode).toBe(404);
    expect(
      (
        await other.api.post(`/api/v1/templates/${template.id}/requests`, {
          recipients: [person('A'), person('B')],
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.api.delete(`/api/v1/templates/${template.id}`)).statusCode).toBe(404);
  });

  test('bulk sends: JSON rows or a CSV body, progress, rows by cursor, every bad row named', async () => {
    const { api, template } = await ownerWithTemplate();
    const row = (i: number) => ({
      recipients: [
        { name: `Client ${i}`, email: `v1-c${i}@example.com` },
        { name: `Witness ${i}`, email: `v1-w${i}@example.com` },
      ],
      values: { amount: String(i) },
    });
    const bad = await api.post(`/api/v1/templates/${template.id}/bulk`, {
      rows: [row(0), { ...row(1), recipients: [{ name: '', email: 'nope' }, row(1).recipients[1]] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      issues: [
        { path: 'rows.1.Client name', message: 'The name is empty.' },
        { path: 'rows.1.Client email', message: 'This is not a valid e-mail address.' },
      ],
    });
    const json = await api.post(`/api/v1/templates/${template.id}/bulk`, { rows: [row(0), row(1), row(2)] });
    expect(json.statusCode, json.body).toBe(201);
    const csv = await api.call(
      'POST',
      `/api/v1/templates/${template.id}/bulk`,
      'Client name,Client email,Witness name,Witness email,amount\nCsv One,v1-csv@example.com,W,v1-csvw@example.com,7\n',
      { 'content-type': 'text/csv' },
    );
    expect(csv.statusCode, csv.body).toBe(201);
    const wrongHeader = await api.call(
      'POST',
      `/api/v1/templates/${template.id}/bulk`,
      'Name,Email\nA,a@example.com\n',
      {
        'content-type': 'text/csv',
      },
    );
    expect(wrongHeader.json()).toMatchObject({ code: 'csv_invalid' });

    await ctx.app.jobs.drain();
    const id = json.json<{ id: number }>().id;
    expect((await api.get(`/api/v1/bulk/${id}`)).json()).toMatchObject({
      status: 'completed',
      total: 3,
      sent: 3,
    });
    const first = (await api.get(`/api/v1/bulk/${id}/rows?limit=2`)).json<{
      items: { row: number }[];
      nextCursor: string;
    }>();
    expect(first.items.map((r) => r.row)).toEqual([1, 2]);
    const rest = (await api.get(`/api/v1/bulk/${id}/rows?limit=2&cursor=${first.nextCursor}`)).json();
    expect(rest).toMatchObject({ items: [{ row: 3, status: 'sent' }], nextCursor: null });
    const cancel = await api.post(`/api/v1/bulk/${id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('bulk_not_changeable');

    const reader = await apiUser(ctx.app, ['requests:read']);
    expect((await reader.api.get(`/api/v1/bulk/${id}`)).statusCode).toBe(404);
    const denied = await reader.api.post(`/api/v1/templates/${template.id}/bulk`, { rows: [row(9)] });
    expect(denied.json()).toMatchObject({ code: 'insufficient_scope', scope: 'requests:write' });
  });
});
