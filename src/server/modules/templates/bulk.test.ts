import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bulkMessages as bm, type BulkPreview, type BulkSend } from '#shared/templates/bulk.ts';
import type { Template } from '#shared/templates/answers.ts';
import { templateMessages } from '#shared/templates/messages.ts';
import type { Agent } from '#server/test/agent.ts';
import { getBytes, upload } from '#server/test/documents.ts';
import { mailsTo, owner, requestsTestApp, type Ctx } from '#server/test/requests.ts';
import { checkRows, csvRows, exportCsv, readCsv, sampleCsv } from './bulk-csv.ts';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await requestsTestApp();
});
afterAll(() => ctx.close());

/** Roles as a lease has them, a keyed rent. */
const lease = {
  roles: [
    { position: 0, name: 'Tenant', role: 'signer' as const },
    { position: 1, name: 'Landlord', role: 'signer' as const },
  ],
  fields: [
    {
      role: 0,
      type: 'signature' as const,
      page: 1,
      rect: { x: 72, y: 100, width: 180, height: 80 },
      required: true,
      key: null,
      defaultValue: null,
      editable: true,
    },
    {
      role: 1,
      type: 'signature' as const,
      page: 1,
      rect: { x: 300, y: 100, width: 180, height: 80 },
      required: true,
      key: null,
      defaultValue: null,
      editable: true,
    },
    {
      role: 0,
      type: 'text' as const,
      page: 1,
      rect: { x: 72, y: 300, width: 200, height: 24 },
      required: true,
      key: 'rent',
      defaultValue: '900',
      editable: false,
    },
  ],
};
const HEADER = 'Tenant name,Tenant email,Landlord name,Landlord email,rent';

describe('reading a CSV file', () => {
  test('comma or semicolon, with or without BOM, quoted fields with newlines and delimiters', () => {
    const comma = readCsv(
      `\uFEFF${HEADER}\r\n"Doe, Jane",jane@example.com,Lars,lars@example.com,"1,200\nper month"\r\n`,
    );
    const semi = readCsv(
      `Tenant name;Tenant email;Landlord name;Landlord email;rent\n"Doe; Jane";jane@example.com;Lars;lars@example.com;1,200\n\n`,
    );
    expect(comma).toMatchObject({
      kind: 'ok',
      header: HEADER.split(','),
      records: [['Doe, Jane', 'jane@example.com', 'Lars', 'lars@example.com', '1,200\nper month']],
    });
    expect(semi).toMatchObject({
      kind: 'ok',
      records: [['Doe; Jane', 'jane@example.com', 'Lars', 'lars@example.com', '1,200']],
    });
  });

  test('refused whole: not UTF-8, unreadable, empty, over 5,000 rows', () => {
    const latin1 = Buffer.from(`${HEADER}\nJos\xe9,j@example.com,L,l@example.com,1\n`, 'latin1');
    expect(readCsv(new TextDecoder().decode(latin1))).toEqual({ kind: 'invalid', message: bm.csvNotUtf8 });
    const broken = readCsv(`${HEADER}\n"unclosed,a@example.com,L,l@example.com,1\n`);
    expect(broken.kind).toBe('invalid');
    expect((broken as { message: string }).message).toMatch(/^The CSV file cannot be read at line \d+/);
    expect(readCsv(`${HEADER}\n`)).toEqual({ kind: 'invalid', message: bm.csvEmpty });
    expect(readCsv('')).toEqual({ kind: 'invalid', message: bm.csvRequired });
    const row = 'T,t@example.com,L,l@example.com,1\n';
    expect(readCsv(`${HEADER}\n${row.repeat(5000)}`).kind).toBe('ok');
    expect(readCsv(`${HEADER}\n${row.repeat(5001)}`)).toEqual({
      kind: 'invalid',
      message: bm.tooManyRows(5001),
    });
  });

  test('a wrong header is refused naming the columns; columns match in any case and order', () => {
    expect(csvRows(lease, 'Tenant name,Tenant email,Landlord name,rent\nA,a@example.com,B,1\n')).toEqual({
      kind: 'invalid',
      message: bm.missingColumns(['Landlord email']),
    });
    expect(csvRows(lease, `${HEADER},deposit\nA,a@example.com,B,b@example.com,1,2\n`)).toEqual({
      kind: 'invalid',
      message: bm.unknownColumns(['deposit']),
    });
    const shuffled = csvRows(
      lease,
      'RENT,landlord EMAIL,Landlord name,tenant email,Tenant Name\n5,b@example.com,B,A@Example.com,A\n',
    );
    expect(shuffled).toMatchObject({
      kind: 'ok',
      errors: [],
      rows: [
        {
          recipients: [
            { name: 'A', email: 'a@example.com' },
            { name: 'B', email: 'b@example.com' },
          ],
          values: { rent: '5' },
        },
      ],
    });
  });

  test('every row checked, by row and column; formula-looking values are kept as text', () => {
    const long = 'x'.repeat(501);
    const r = csvRows(
      lease,
      [
        HEADER,
        'Ann,ann@example.com,Lars,lars@example.com,=HYPERLINK("http://evil")',
        'Abe,abe@example.com,Lars,lars@example.com,"=HYPERLINK(""http://evil"")"',
        ',ben@example,Lars,lars@example.com,1',
        'Cat,cat@example.com,Cat again,CAT@example.com,1',
        `Dan,dan@example.com,Lars,lars@example.com,${long}`,
        'Eve,eve@example.com,,,',
      ].join('\n'),
    );
    expect(r.kind).toBe('ok');
    const { rows, errors } = r as Extract<typeof r, { kind: 'ok' }>;
    expect(rows[0]!.values.rent).toBe('=HYPERLINK("http://evil")');
    expect(rows[1]!.values.rent).toBe('=HYPERLINK("http://evil")');
    expect(errors).toEqual([
      { row: 3, column: 'Tenant name', message: bm.nameMissing },
      { row: 3, column: 'Tenant email', message: bm.emailInvalid },
      { row: 4, column: 'Landlord email', message: bm.emailRepeated },
      { row: 5, column: 'rent', message: bm.valueTooLong },
      { row: 6, column: 'Landlord name', message: bm.nameMissing },
      { row: 6, column: 'Landlord email', message: bm.emailInvalid },
    ]);
    // an empty keyed value takes the field's default
    expect(rows[5]!.values).toEqual({});
    // JSON rows: an unknown key is a row's error
    expect(
      checkRows(lease, [
        {
          recipients: [
            { name: 'A', email: 'a@example.com' },
            { name: 'B', email: 'b@example.com' },
          ],
          values: { deposit: '1' },
        },
      ]).errors,
    ).toEqual([{ row: 1, column: 'deposit', message: bm.unknownColumns(['deposit']) }]);
  });

  test('the sample reads back; exported cells that a spreadsheet would run are neutralised', () => {
    const sample = sampleCsv(lease);
    expect(sample.startsWith(`\uFEFF${HEADER}\r\n`) || sample.startsWith(`\uFEFF${HEADER}\n`)).toBe(true);
    expect(csvRows(lease, sample)).toMatchObject({
      kind: 'ok',
      errors: [],
      rows: [{ values: { rent: '900' } }],
    });
    expect(exportCsv([['=1+1', '+SUM(A1)', '-2', '@cmd', 'plain']])).toBe(
      "\uFEFF'=1+1,'+SUM(A1),'-2,'@cmd,plain\n",
    );
  });
});

async function template(agent: Agent): Promise<Template> {
  const made = await upload(
    ctx.app,
    agent,
    { name: 'Lease' },
    { filename: 'l.pdf', bytes: ctx.pdf },
    '/api/templates',
  );
  expect(made.statusCode, made.body).toBe(201);
  const id = (made.json().template as Template).id;
  const res = await agent.request('PATCH', `/api/templates/${id}`, {
    roles: lease.roles.map(({ name, role }) => ({ name, role })),
    fields: lease.fields,
    requireCode: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().template as Template;
}

const csvOf = (n: number, prefix: string) =>
  [
    HEADER,
    ...Array.from(
      { length: n },
      (_, i) => `Tenant ${i},${prefix}-t${i}@example.com,Lars,${prefix}-l${i}@example.com,${1000 + i}`,
    ),
  ].join('\n');

describe('bulk sends in the browser', () => {
  test('preview, start, progress to the end, results; each row its own request with its values', async () => {
    const o = await owner(ctx);
    const t = await template(o.agent);
    const sample = await getBytes(ctx.app, o.agent, `/api/templates/${t.id}/bulk/sample.csv`);
    expect(sample.bytes.toString()).toContain(HEADER);

    const bad = `${csvOf(2, 'p')}\n,broken,Lars,l@example.com,1`;
    const preview = (
      await o.agent.post(`/api/templates/${t.id}/bulk/preview`, { csv: bad })
    ).json() as BulkPreview;
    expect(preview).toMatchObject({
      rows: 3,
      errorCount: 2,
      errors: [
        { row: 3, column: 'Tenant name' },
        { row: 3, column: 'Tenant email' },
      ],
    });
    const refused = await o.agent.post(`/api/templates/${t.id}/bulk`, { csv: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: bm.rowErrors(1), errors: preview.errors });
    expect((await o.agent.get('/api/documents')).json()).toEqual([]);

    const started = await o.agent.post(`/api/templates/${t.id}/bulk`, { csv: csvOf(3, 'ok') });
    expect(started.statusCode, started.body).toBe(201);
    const bulk = started.json().bulk as BulkSend;
    expect(bulk).toMatchObject({ status: 'running', total: 3, sent: 0, pending: 3 });
    await ctx.app.jobs.drain();
    const done = (await o.agent.get(`/api/bulk/${bulk.id}`)).json().bulk as BulkSend;
    expect(done).toMatchObject({ status: 'completed', sent: 3, failed: 0, pending: 0 });
    const rows = (await o.agent.get(`/api/bulk/${bulk.id}/rows`)).json();
    expect(rows.items.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [1, 'sent'],
      [2, 'sent'],
      [3, 'sent'],
    ]);
    const request = (await o.agent.get(`/api/documents/${rows.items[1].documentId}/requests/current`)).json()
      .request;
    expect(request.recipients.map((r: { email: string }) => r.email)).toEqual([
      'ok-t1@example.com',
      'ok-l1@example.com',
    ]);
    expect(request.fields[2]).toMatchObject({ key: 'rent', prefill: '1001', editable: false });
    expect(await mailsTo(ctx, 'ok-t2@example.com')).toHaveLength(1);
    const results = await getBytes(ctx.app, o.agent, `/api/bulk/${bulk.id}/results.csv`);
    expect(results.bytes.toString()).toContain('3,sent,,');
    expect((await o.agent.get(`/api/templates/${t.id}`)).json().template.uses).toBe(3);
    const events = await ctx.app.db
      .selectFrom('webhook_events')
      .select('data')
      .where('type', '=', 'bulk.completed')
      .execute();
    expect(events.map((e) => JSON.parse(e.data))).toContainEqual({
      bulkId: bulk.id,
      templateId: t.id,
      templateName: 'Lease',
      total: 3,
      sent: 3,
      failed: 0,
    });
  });

  test('pause stops between rows, resume goes on, cancel drops what is left', async () => {
    const o = await owner(ctx);
    const t = await template(o.agent);
    const bulk = (await o.agent.post(`/api/templates/${t.id}/bulk`, { csv: csvOf(3, 'pz') })).json()
      .bulk as BulkSend;
    const paused = await o.agent.post(`/api/bulk/${bulk.id}/pause`);
    expect(paused.json()).toMatchObject({ message: bm.paused, bulk: { status: 'paused' } });
    await ctx.app.jobs.drain();
    expect((await o.agent.get(`/api/bulk/${bulk.id}`)).json().bulk).toMatchObject({
      status: 'paused',
      sent: 0,
    });
    expect((await o.agent.post(`/api/bulk/${bulk.id}/pause`)).statusCode).toBe(409);
    expect((await o.agent.post(`/api/bulk/${bulk.id}/resume`)).json().bulk.status).toBe('running');
    await ctx.app.jobs.drain();
    expect((await o.agent.get(`/api/bulk/${bulk.id}`)).json().bulk).toMatchObject({
      status: 'completed',
      sent: 3,
    });
    expect((await o.agent.post(`/api/bulk/${bulk.id}/cancel`)).json()).toMatchObject({
      message: bm.finished,
    });

    const second = (await o.agent.post(`/api/templates/${t.id}/bulk`, { csv: csvOf(2, 'cx') })).json()
      .bulk as BulkSend;
    const cancelled = await o.agent.post(`/api/bulk/${second.id}/cancel`);
    expect(cancelled.json().bulk).toMatchObject({ status: 'cancelled', pending: 0 });
    await ctx.app.jobs.drain();
    const rows = (await o.agent.get(`/api/bulk/${second.id}/rows`)).json();
    expect(rows.items.map((r: { status: string }) => r.status)).toEqual(['cancelled', 'cancelled']);
    expect(await mailsTo(ctx, 'cx-t0@example.com')).toHaveLength(0);
  });

  test('the daily limit and the storage quota are checked before anything is sent', async () => {
    const o = await owner(ctx);
    const t = await template(o.agent);
    const before = ctx.app.limits.bulkRowsPerUserPerDay;
    await ctx.app.limitsStore.save({ bulkRowsPerUserPerDay: 4 });
    try {
      expect((await o.agent.post(`/api/templates/${t.id}/bulk`, { csv: csvOf(3, 'd1') })).statusCode).toBe(
        201,
      );
      const over = await o.agent.post(`/api/templates/${t.id}/bulk`, { csv: csvOf(2, 'd2') });
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(bm.overDailyLimit(1, 4));
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await ctx.app.limitsStore.save({ bulkRowsPerUserPerDay: before });
    }
    await ctx.app.db
      .updateTable('users')
      .set({ storage_quota_bytes: ctx.pdf.length * 5 })
      .where('id', '=', o.id)
      .execute();
    const full = await o.agent.post(`/api/templates/${t.id}/bulk`, { csv: csvOf(10, 'q') });
    expect(full.statusCode).toBe(413);
  });

  test("another user's template and bulk send answer 404; a template not ready says so", async () => {
    const o = await owner(ctx);
    const t = await template(o.agent);
    const bulk = (await o.agent.post(`/api/templates/${t.id}/bulk`, { csv: csvOf(1, 'own') })).json()
      .bulk as BulkSend;
    const other = (await owner(ctx, 'Mallory')).agent;
    const answers = await Promise.all([
      other.post(`/api/templates/${t.id}/bulk/preview`, { csv: csvOf(1, 'm') }),
      other.post(`/api/templates/${t.id}/bulk`, { csv: csvOf(1, 'm') }),
      other.get(`/api/templates/${t.id}/bulk/sample.csv`),
      other.get(`/api/bulk/${bulk.id}`),
      other.get(`/api/bulk/${bulk.id}/rows`),
      other.get(`/api/bulk/${bulk.id}/results.csv`),
      other.post(`/api/bulk/${bulk.id}/pause`),
      other.post(`/api/bulk/${bulk.id}/cancel`),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    const bare = (
      await upload(
        ctx.app,
        o.agent,
        { name: 'Bare' },
        { filename: 'b.pdf', bytes: ctx.pdf },
        '/api/templates',
      )
    ).json().template as Template;
    const notReady = await o.agent.post(`/api/templates/${bare.id}/bulk/preview`, { csv: csvOf(1, 'n') });
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe(templateMessages.notReady);
    await ctx.app.jobs.drain();
  });
});
