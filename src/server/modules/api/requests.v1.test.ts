import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiCreateRequestInput } from '#shared/api/requests.ts';
import { API_SCOPES, type ApiScope } from '#shared/api/scopes.ts';
import { documentMessages } from '#shared/documents/messages.ts';
import { requestMessages as m } from '#shared/requests/messages.ts';
import type { SigningRequest } from '#shared/requests/schemas.ts';
import { ApiClient, apiUser } from '#server/test/api.ts';
import {
  body,
  mailedToken,
  mailsTo,
  person,
  readCode,
  requestsTestApp,
  signAs,
  subjectOf,
  uploaded,
  type Ctx,
} from '#server/test/requests.ts';
import { encodeCursor } from './cursor.ts';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await requestsTestApp();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

/** A token owner (all scopes unless given) with one uploaded document. */
async function ownerWithDocument(scopes?: readonly ApiScope[]) {
  const u = await apiUser(ctx.app, scopes);
  const docId = await uploaded(ctx, u.agent);
  return { ...u, docId };
}

const apiBody = (
  documentId: number,
  recipients: Parameters<typeof body>[0],
  extra: Parameters<typeof body>[1] = {},
): ApiCreateRequestInput => ({ documentId, ...body(recipients, extra) });

async function created(api: ApiClient, b: ApiCreateRequestInput, headers?: Record<string, string>) {
  const res = await api.post('/api/v1/requests', b, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SigningRequest>();
}

/**
 * A program acting as a recipient, with no browser: it keeps the session cookie the first call
 * sets and sends the CSRF token of the last answer's `X-CSRF-Token` header with each POST.
 */
class RecipientProgram {
  cookie = '';
  csrf = '';
  constructor(readonly token: string) {}

  async call(method: 'GET' | 'POST', path: string, payload?: unknown) {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (method === 'POST') {
      headers['x-csrf-token'] = this.csrf;
      headers['content-type'] = 'application/json';
    }
    const res = await ctx.app.inject({
      method,
      url: `/api/sign/${this.token}${path}`,
      headers,
      remoteAddress: '192.0.2.250',
      ...(method === 'POST' ? { payload: JSON.stringify(payload ?? {}) } : {}),
    });
    const set = (res.cookies as { name: string; value: string }[]).map((c) => `${c.name}=${c.value}`);
    if (set.length) this.cookie = set.join('; ');
    const csrf = res.headers['x-csrf-token'];
    if (typeof csrf === 'string') this.csrf = csrf;
    return res;
  }
}

describe('POST /api/v1/requests', () => {
  test('sends the request: signers are mailed, the answer is the request with its trail', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann Api');
    const bob = person('Bob Api', 'approver');
    const vic = person('Vic Api', 'viewer');
    const expiresAt = new Date(ctx.clock.now() + 10 * DAY).toISOString();
    const request = await created(
      o.api,
      apiBody(o.docId, [ann, bob, vic], {
        order: 'parallel',
        message: 'Please sign this week.',
        expiresAt,
        reminders: { firstAfterDays: 2, everyDays: 4 },
        recipientsDownloadLink: false,
        fields: [
          { recipient: 0, type: 'signature', page: 1, rect: { x: 72, y: 100, width: 180, height: 80 } },
          {
            recipient: 0,
            type: 'text',
            page: 2,
            rect: { x: 72, y: 300, width: 200, height: 20 },
            required: false,
          },
          { recipient: 1, type: 'initials', page: 1, rect: { x: 300, y: 100, width: 60, height: 40 } },
          { recipient: 1, type: 'date', page: 1, rect: { x: 300, y: 160, width: 100, height: 20 } },
        ],
      }),
    );
    expect(request).toMatchObject({
      documentId: o.docId,
      documentName: 'Lease agreement',
      status: 'active',
      order: 'parallel',
      message: 'Please sign this week.',
      expiresAt,
      reminders: { firstAfterDays: 2, everyDays: 4 },
      requireCode: false,
      recipientsDownloadLink: false,
      revision: 0,
      endedAt: null,
    });
    expect(request.recipients.map((r) => [r.position, r.name, r.role, r.status])).toEqual([
      [0, 'Ann Api', 'signer', 'sent'],
      [1, 'Bob Api', 'approver', 'sent'],
      [2, 'Vic Api', 'viewer', 'waiting'],
    ]);
    expect(request.fields.map((f) => [f.recipientId, f.type, f.page, f.required])).toEqual([
      [request.recipients[0]!.id, 'signature', 1, true],
      [request.recipients[0]!.id, 'text', 2, false],
      [request.recipients[1]!.id, 'initials', 1, true],
      [request.recipients[1]!.id, 'date', 1, true],
    ]);
    expect(request.fields[1]!.rect).toEqual({ x: 72, y: 300, width: 200, height: 20 });
    expect(request.events.map((e) => e.kind)).toEqual(['created', 'sent', 'sent']);
    expect(request.events[0]).toMatchObject({ ip: o.api.ip, actor: expect.stringContaining(o.email) });

    const toAnn = await mailsTo(ctx, ann.email);
    expect(toAnn).toHaveLength(1);
    expect(subjectOf(toAnn[0]!)).toContain('asks you to sign "Lease agreement"');
    expect(toAnn[0]!.text).toContain('Please sign this week.');
    expect(subjectOf((await mailsTo(ctx, bob.email))[0]!)).toContain('approve');
    expect(await mailsTo(ctx, vic.email)).toHaveLength(0);
    // The document now waits for the request.
    const docs = (await o.api.get('/api/v1/documents?status=awaiting')).json();
    expect(docs.items.map((d: { id: number }) => d.id)).toEqual([o.docId]);
  });

  test('the defaults are the compose screen’s: sequential, 30 days, reminders, identity code, download link', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann Default');
    const bob = person('Bob Default');
    const request = await created(o.api, {
      documentId: o.docId,
      recipients: [
        { name: ann.name, email: ann.email },
        { name: bob.name, email: bob.email },
      ],
      fields: [
        { recipient: 0, type: 'signature', page: 1, rect: { x: 72, y: 100, width: 180, height: 80 } },
        { recipient: 1, type: 'signature', page: 1, rect: { x: 72, y: 200, width: 180, height: 80 } },
      ],
    });
    expect(request).toMatchObject({
      order: 'sequential',
      requireCode: true,
      recipientsDownloadLink: true,
      reminders: { firstAfterDays: 3, everyDays: 3 },
      message: null,
    });
    expect(Date.parse(request.expiresAt) - ctx.clock.now()).toBeGreaterThan(29 * DAY);
    expect(request.recipients.map((r) => r.status)).toEqual(['sent', 'waiting']);
    expect(await mailsTo(ctx, bob.email)).toHaveLength(0);
  });

  test('bad fields are 400 validation_failed naming each field; the rules are the browser’s', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann Bad');
    const cases: [unknown, string, string?][] = [
      [{ documentId: o.docId, recipients: [] }, 'recipients', m.recipientsRequired],
      [{ ...apiBody(o.docId, [ann]), documentId: 'x' }, 'documentId'],
      [apiBody(o.docId, [ann], { fields: [] }), 'recipients.0', m.signerWithoutSignature(ann.name)],
      [
        apiBody(o.docId, [{ ...ann, email: 'not-an-address' }]),
        'recipients.0.email',
        m.recipientEmailInvalid,
      ],
      [apiBody(o.docId, [{ ...ann, role: 'owner' as never }]), 'recipients.0.role'],
      [
        apiBody(o.docId, [ann], {
          fields: [{ recipient: 0, type: 'signature', page: 1, rect: { x: 0, y: 0, width: 20, height: 10 } }],
        }),
        'fields.0.rect',
      ],
      [
        apiBody(o.docId, [ann], {
          fields: [
            { recipient: 0, type: 'signature', page: 1, rect: { x: 72, y: 100, width: 180, height: 80 } },
            { recipient: 3, type: 'text', page: 1, rect: { x: 72, y: 300, width: 100, height: 20 } },
          ],
        }),
        'fields.1.recipient',
        m.fieldRecipientMissing(3),
      ],
      [apiBody(o.docId, [ann], { order: 'random' as never }), 'order'],
      [
        apiBody(o.docId, [ann], { reminders: { firstAfterDays: 0, everyDays: 3 } }),
        'reminders.firstAfterDays',
      ],
      [apiBody(o.docId, [ann], { expiresAt: 'tomorrow' }), 'expiresAt'],
      // Checked by the server, reported the same way:
      [
        apiBody(o.docId, [ann], { expiresAt: new Date(ctx.clock.now() - 1000).toISOString() }),
        'expiresAt',
        m.expiryInPast,
      ],
      [
        apiBody(o.docId, [ann], { expiresAt: new Date(ctx.clock.now() + 400 * DAY).toISOString() }),
        'expiresAt',
        m.expiryTooFar,
      ],
      [
        apiBody(o.docId, [ann], {
          fields: [
            { recipient: 0, type: 'signature', page: 1, rect: { x: 500, y: 100, width: 180, height: 80 } },
          ],
        }),
        'fields.0.rect',
      ],
      [
        apiBody(o.docId, [ann], {
          fields: [
            { recipient: 0, type: 'signature', page: 9, rect: { x: 72, y: 100, width: 180, height: 80 } },
          ],
        }),
        'fields.0.page',
        m.fieldPageMissing(9, 2),
      ],
    ];
    for (const [sent, path, message] of cases) {
      const res = await o.api.post('/api/v1/requests', sent);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
      const answer = res.json();
      expect(answer.code, path).toBe('validation_failed');
      expect(
        answer.issues.map((i: { path: string }) => i.path),
        res.body,
      ).toContain(path);
      if (message) expect(answer.issues.map((i: { message: string }) => i.message)).toContain(message);
    }
    // Nothing was sent.
    expect((await o.api.get('/api/v1/requests')).json().items).toEqual([]);
    expect(await mailsTo(ctx, ann.email)).toHaveLength(0);
  });

  test('another user’s document is 404; a document already out for signature is 409', async () => {
    const o = await ownerWithDocument();
    const other = await ownerWithDocument();
    const res = await o.api.post('/api/v1/requests', apiBody(other.docId, [person('Ann Else')]));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: documentMessages.notFound, code: 'not_found' });
    expect((await o.api.post('/api/v1/requests', apiBody(999_999, [person('Ann Nil')]))).statusCode).toBe(
      404,
    );

    await created(o.api, apiBody(o.docId, [person('Ann First')]));
    const again = await o.api.post('/api/v1/requests', apiBody(o.docId, [person('Ann Second')]));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: m.documentAwaiting, code: 'document_not_pending' });
  });

  test('requests sent per hour are limited, with the browser’s counter', async () => {
    const before = ctx.app.limits.signingRequestsPerUserPerHour;
    await ctx.app.limitsStore.save({ signingRequestsPerUserPerHour: 2 });
    try {
      const o = await ownerWithDocument();
      const second = await uploaded(ctx, o.agent, 'Second');
      const third = await uploaded(ctx, o.agent, 'Third');
      await created(o.api, apiBody(o.docId, [person('Ann Hourly')]));
      const browser = await o.agent.post(`/api/documents/${second}/requests`, body([person('Bob Hourly')]));
      expect(browser.statusCode).toBe(201);
      const over = await o.api.post('/api/v1/requests', apiBody(third, [person('Cy Hourly')]));
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ message: m.tooManyRequests, code: 'rate_limited' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await ctx.app.limitsStore.save({ signingRequestsPerUserPerHour: before });
    }
  });

  test('the same Idempotency-Key sends one request only and replays its answer', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann Once');
    const b = apiBody(o.docId, [ann]);
    const first = await o.api.post('/api/v1/requests', b, { 'idempotency-key': 'send-lease-1' });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await o.api.post('/api/v1/requests', b, { 'idempotency-key': 'send-lease-1' });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());

    const listed = (await o.api.get('/api/v1/requests')).json();
    expect(listed.items.map((r: { id: number }) => r.id)).toEqual([first.json().id]);
    expect(await mailsTo(ctx, ann.email)).toHaveLength(1);
    // Another body under the same key is refused, not sent.
    const other = await o.api.post('/api/v1/requests', apiBody(o.docId, [person('Bob Twice')]), {
      'idempotency-key': 'send-lease-1',
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    // Without a key a retry is a new attempt (here refused: the document is taken).
    expect((await o.api.post('/api/v1/requests', b)).statusCode).toBe(409);
  });
});

describe('GET /api/v1/requests/{id}', () => {
  test('recipients with their states and times, never their links; completed once everyone finished', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann Follow');
    const bob = person('Bob Follow');
    const request = await created(o.api, apiBody(o.docId, [ann, bob], { order: 'sequential' }));
    const annToken = await mailedToken(ctx, ann.email);

    const opened = await signAs(ctx, annToken);
    expect(opened.statusCode, opened.body).toBe(200);
    const mid = await o.api.get(`/api/v1/requests/${request.id}`);
    expect(mid.statusCode).toBe(200);
    const midView = mid.json<SigningRequest>();
    expect(midView.status).toBe('active');
    expect(midView.recipients.map((r) => r.status)).toEqual(['signed', 'sent']);
    expect(midView.recipients[0]!.openedAt).not.toBeNull();
    expect(midView.recipients[0]!.signedAt).not.toBeNull();
    expect(midView.revision).toBe(1);

    const bobToken = await mailedToken(ctx, bob.email);
    expect((await signAs(ctx, bobToken)).statusCode).toBe(200);
    const done = await o.api.get(`/api/v1/requests/${request.id}`);
    const view = done.json<SigningRequest>();
    expect(view.status).toBe('completed');
    expect(view.endedAt).not.toBeNull();
    expect(view.recipients.map((r) => r.status)).toEqual(['signed', 'signed']);
    expect(view.events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['created', 'sent', 'opened', 'signed', 'completed']),
    );
    expect(view.events.find((e) => e.kind === 'signed')).toMatchObject({
      recipientId: view.recipients[0]!.id,
      at: expect.stringMatching(/Z$/),
    });
    for (const secret of [annToken, bobToken]) expect(done.body).not.toContain(secret);
    const docs = (await o.api.get('/api/v1/documents?status=completed')).json();
    expect(docs.items.map((d: { id: number }) => d.id)).toEqual([o.docId]);
  });

  test('a program completes as a recipient: open, ask for the code, verify it, fill and finish', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann Program');
    const request = await created(
      o.api,
      apiBody(o.docId, [ann], {
        requireCode: true,
        fields: [
          { recipient: 0, type: 'signature', page: 1, rect: { x: 72, y: 100, width: 180, height: 80 } },
          { recipient: 0, type: 'text', page: 1, rect: { x: 72, y: 300, width: 200, height: 20 } },
          { recipient: 0, type: 'checkbox', page: 1, rect: { x: 72, y: 340, width: 16, height: 16 } },
          { recipient: 0, type: 'name', page: 1, rect: { x: 72, y: 380, width: 200, height: 20 } },
        ],
      }),
    );
    const recipient = new RecipientProgram(await mailedToken(ctx, ann.email));

    const locked = await recipient.call('GET', '');
    expect(locked.statusCode).toBe(200);
    expect(locked.json().locked).toBe(true);
    expect(recipient.cookie).not.toBe('');
    expect(recipient.csrf).not.toBe('');
    // Without the CSRF token a POST is refused.
    const saved = recipient.csrf;
    recipient.csrf = 'wrong';
    expect((await recipient.call('POST', '/code')).statusCode).toBe(403);
    recipient.csrf = saved;

    expect((await recipient.call('POST', '/code')).statusCode).toBe(200);
    const code = await readCode(ctx, ann.email);
    expect((await recipient.call('POST', '/verify-code', { code })).statusCode).toBe(200);

    const view = await recipient.call('GET', '');
    expect(view.json().locked).toBe(false);
    const fields = view.json().fields as { id: number; type: string }[];
    const file = await recipient.call('GET', '/file');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');

    const byType = (t: string) => fields.find((f) => f.type === t)!.id;
    const done = await recipient.call('POST', '/complete', {
      values: [
        { fieldId: byType('signature'), kind: 'image', image: ctx.png, method: 'upload' },
        { fieldId: byType('text'), kind: 'text', text: 'Flat 4B' },
        { fieldId: byType('checkbox'), kind: 'checkbox', checked: true },
      ],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().lastOne).toBe(true);

    const after = (await o.api.get(`/api/v1/requests/${request.id}`)).json<SigningRequest>();
    expect(after.status).toBe('completed');
    expect(after.recipients[0]!.codeVerifiedAt).not.toBeNull();
    expect(after.fields.map((f) => [f.type, f.value])).toEqual([
      ['signature', null],
      ['text', 'Flat 4B'],
      ['checkbox', 'true'],
      ['name', 'Ann Program'],
    ]);
  });

  test('another user’s request and an unknown id are 404', async () => {
    const o = await ownerWithDocument();
    const other = await apiUser(ctx.app);
    const request = await created(o.api, apiBody(o.docId, [person('Ann Mine')]));
    for (const res of [
      await other.api.get(`/api/v1/requests/${request.id}`),
      await o.api.get('/api/v1/requests/999999'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: m.requestNotFound, code: 'not_found' });
    }
    expect((await o.api.get('/api/v1/requests/abc')).json().code).toBe('validation_failed');
  });

  test('a request past its expiry reads as expired', async () => {
    const o = await ownerWithDocument();
    const request = await created(
      o.api,
      apiBody(o.docId, [person('Ann Late')], { expiresAt: new Date(ctx.clock.now() + DAY).toISOString() }),
    );
    ctx.clock.advance(DAY + 1000);
    const view = (await o.api.get(`/api/v1/requests/${request.id}`)).json<SigningRequest>();
    expect(view.status).toBe('expired');
    expect(view.recipients[0]!.status).toBe('expired');
  });
});

describe('cancel, remind, resend', () => {
  test('cancel ends the request, tells the mailed recipients, frees the document; twice is 409', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann Cancel');
    const bob = person('Bob Cancel');
    const request = await created(o.api, apiBody(o.docId, [ann, bob], { order: 'sequential' }));
    const token = await mailedToken(ctx, ann.email);

    const res = await o.api.post(`/api/v1/requests/${request.id}/cancel`);
    expect(res.statusCode).toBe(200);
    const view = res.json<SigningRequest>();
    expect(view.status).toBe('cancelled');
    expect(view.events.at(-1)).toMatchObject({ kind: 'cancelled', ip: o.api.ip });
    expect((await mailsTo(ctx, ann.email)).map(subjectOf)).toContain(
      '"Lease agreement" no longer needs your signature',
    );
    expect(await mailsTo(ctx, bob.email)).toHaveLength(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/sign/${token}` })).statusCode).toBe(404);

    const again = await o.api.post(`/api/v1/requests/${request.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: m.requestNotActive, code: 'request_not_active' });
    // The document can be sent again.
    await created(o.api, apiBody(o.docId, [person('Ann Again')]));

    const other = await apiUser(ctx.app);
    const foreign = await other.api.post(`/api/v1/requests/${request.id}/cancel`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not_found');
  });

  test('remind adds a link, resend replaces them; the recipient’s state decides, as in the browser', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann Remind');
    const bob = person('Bob Remind');
    const vic = person('Vic Remind', 'viewer');
    const request = await created(o.api, apiBody(o.docId, [ann, bob, vic], { order: 'sequential' }));
    const [annR, bobR, vicR] = request.recipients;
    const first = await mailedToken(ctx, ann.email);
    const base = `/api/v1/requests/${request.id}/recipients`;

    const reminded = await o.api.post(`${base}/${annR!.id}/remind`);
    expect(reminded.statusCode).toBe(200);
    const afterRemind = reminded.json<SigningRequest>();
    expect(afterRemind.recipients[0]).toMatchObject({ remindersSent: 1, lastRemindedAt: expect.any(String) });
    expect(afterRemind.events.at(-1)).toMatchObject({ kind: 'reminded', recipientId: annR!.id });
    const second = await mailedToken(ctx, ann.email, 2);
    expect(subjectOf((await mailsTo(ctx, ann.email))[1]!)).toMatch(/^Reminder: /);
    const open = (t: string) => ctx.app.inject({ method: 'GET', url: `/api/sign/${t}` });
    expect((await open(first)).statusCode).toBe(200);
    expect((await open(second)).statusCode).toBe(200);

    const resent = await o.api.post(`${base}/${annR!.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json<SigningRequest>().events.at(-1)).toMatchObject({
      kind: 'sent',
      recipientId: annR!.id,
    });
    const third = await mailedToken(ctx, ann.email, 3);
    expect((await open(first)).statusCode).toBe(404);
    expect((await open(second)).statusCode).toBe(404);
    expect((await open(third)).statusCode).toBe(200);

    for (const [rid, code, message] of [
      [bobR!.id, 'recipient_not_due', m.recipientNotDue(bob.name)],
      [vicR!.id, 'recipient_is_viewer', m.recipientIsViewer(vic.name)],
    ] as const) {
      for (const how of ['remind', 'resend']) {
        const res = await o.api.post(`${base}/${rid}/${how}`);
        expect(res.statusCode, `${how} ${code}`).toBe(409);
        expect(res.json()).toEqual({ message, code });
      }
    }
    expect((await signAs(ctx, third)).statusCode).toBe(200);
    const finished = await o.api.post(`${base}/${annR!.id}/remind`);
    expect(finished.statusCode).toBe(409);
    expect(finished.json()).toEqual({ message: m.recipientDone(ann.name), code: 'recipient_finished' });
    // Bob's turn now.
    expect((await o.api.post(`${base}/${bobR!.id}/remind`)).statusCode).toBe(200);

    const unknown = await o.api.post(`${base}/999999/remind`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: m.recipientNotFound, code: 'not_found' });
    const other = await apiUser(ctx.app);
    expect((await other.api.post(`${base}/${bobR!.id}/resend`)).statusCode).toBe(404);

    expect((await o.api.post(`/api/v1/requests/${request.id}/cancel`)).statusCode).toBe(200);
    const ended = await o.api.post(`${base}/${bobR!.id}/remind`);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().code).toBe('request_not_active');
  });

  test('mails to one recipient are limited per hour, with the browser’s counter', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann Limit');
    const request = await created(o.api, apiBody(o.docId, [ann]));
    const rid = request.recipients[0]!.id;
    const max = ctx.app.limits.signingMailsPerRecipientPerHour;
    for (let i = 0; i < max - 1; i++)
      expect((await o.api.post(`/api/v1/requests/${request.id}/recipients/${rid}/remind`)).statusCode).toBe(
        200,
      );
    // The browser's call counts on the same counter.
    expect((await o.agent.post(`/api/requests/${request.id}/recipients/${rid}/resend`)).statusCode).toBe(200);
    const over = await o.api.post(`/api/v1/requests/${request.id}/recipients/${rid}/remind`);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: m.tooManyMails, code: 'rate_limited' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/requests', () => {
  test('pages newest first with a cursor, and filters by status and document', async () => {
    const o = await apiUser(ctx.app);
    const docA = await uploaded(ctx, o.agent, 'Alpha');
    const docB = await uploaded(ctx, o.agent, 'Beta');
    const r1 = await created(o.api, apiBody(docA, [person('Ann One')]));
    expect((await o.api.post(`/api/v1/requests/${r1.id}/cancel`)).statusCode).toBe(200);
    const r2 = await created(o.api, apiBody(docA, [person('Ann Two')]));
    const r3 = await created(o.api, apiBody(docB, [person('Ann Three'), person('Bob Three')]));
    // Another user's requests never show.
    const other = await ownerWithDocument();
    await created(other.api, apiBody(other.docId, [person('Ann Other')]));

    const page1 = await o.api.get('/api/v1/requests?limit=2');
    expect(page1.statusCode).toBe(200);
    const p1 = page1.json();
    expect(p1.items.map((r: { id: number }) => r.id)).toEqual([r3.id, r2.id]);
    expect(p1.items[0]).toMatchObject({
      documentId: docB,
      documentName: 'Beta',
      status: 'active',
      order: 'sequential',
      recipients: [
        { name: 'Ann Three', role: 'signer', status: 'sent', signedAt: null },
        { name: 'Bob Three', role: 'signer', status: 'waiting' },
      ],
    });
    expect(p1.nextCursor).toEqual(expect.any(String));
    const p2 = (await o.api.get(`/api/v1/requests?limit=2&cursor=${p1.nextCursor}`)).json();
    expect(p2.items.map((r: { id: number }) => r.id)).toEqual([r1.id]);
    expect(p2.nextCursor).toBeNull();

    const ids = async (q: string) =>
      (await o.api.get(`/api/v1/requests?${q}`)).json().items.map((r: { id: number }) => r.id);
    expect(await ids('status=cancelled')).toEqual([r1.id]);
    expect(await ids('status=active')).toEqual([r3.id, r2.id]);
    expect(await ids(`documentId=${docA}`)).toEqual([r2.id, r1.id]);
    expect(await ids(`documentId=${docA}&status=active`)).toEqual([r2.id]);
    expect(await ids(`documentId=${other.docId}`)).toEqual([]);
    expect(await ids(`cursor=${encodeCursor({ id: r2.id })}`)).toEqual([r1.id]);

    const bad = await o.api.get('/api/v1/requests?status=open');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', issues: [{ path: 'status' }] });
    expect((await o.api.get('/api/v1/requests?cursor=%25%25')).json().code).toBe('cursor_invalid');
  });
});

describe('tokens and scopes', () => {
  const routes = (requestId: number, recipientId: number, documentId: number) =>
    [
      ['POST', '/api/v1/requests', 'requests:write', { documentId, ...body([person('Ann Scope')]) }],
      ['GET', '/api/v1/requests', 'requests:read'],
      ['GET', `/api/v1/requests/${requestId}`, 'requests:read'],
      ['POST', `/api/v1/requests/${requestId}/recipients/${recipientId}/remind`, 'requests:write', {}],
      ['POST', `/api/v1/requests/${requestId}/recipients/${recipientId}/resend`, 'requests:write', {}],
      ['POST', `/api/v1/requests/${requestId}/cancel`, 'requests:write', {}],
    ] as const;

  test('each route needs its scope: 403 naming it without, served with only it', async () => {
    const o = await apiUser(ctx.app, API_SCOPES);
    const docId = await uploaded(ctx, o.agent);
    const spare = await uploaded(ctx, o.agent, 'Spare');
    const request = await created(o.api, apiBody(docId, [person('Ann Matrix')], { order: 'parallel' }));
    const rid = request.recipients[0]!.id;
    for (const scope of API_SCOPES) {
      const res = await o.agent.post('/api/user/api-tokens', {
        name: scope,
        scopes: [scope],
        expiresInDays: null,
      });
      const api = new ApiClient(ctx.app, res.json().token);
      for (const [method, url, needed, sent] of routes(request.id, rid, spare)) {
        const answer = await api.call(method, url, sent);
        if (scope === needed)
          expect([200, 201], `${scope} ${method} ${url}: ${answer.body}`).toContain(answer.statusCode);
        else {
          expect(answer.statusCode, `${scope} ${method} ${url}`).toBe(403);
          expect(answer.json()).toEqual({
            message: `This token lacks the ${needed} scope`,
            code: 'insufficient_scope',
            scope: needed,
          });
        }
      }
    }
  });

  test('no token or a bad one is 401 on every route', async () => {
    for (const [method, url, , sent] of routes(1, 1, 1)) {
      for (const authorization of [undefined, 'Bearer ink_nope']) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: {
            ...(authorization ? { authorization } : {}),
            ...(sent ? { 'content-type': 'application/json' } : {}),
          },
          ...(sent ? { payload: JSON.stringify(sent) } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().code).toBe(authorization ? 'token_invalid' : 'token_missing');
      }
    }
  });

  test('the browser’s session does not reach the API routes', async () => {
    const o = await ownerWithDocument();
    const res = await o.agent.get('/api/v1/requests');
    expect(res.statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  test('lists the request routes with their scopes and named schemas, and says where fields go', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.paths['/api/v1/requests'].post).toMatchObject({
      operationId: 'createRequest',
      security: [{ token: ['requests:write'] }],
    });
    expect(doc.paths['/api/v1/requests'].get.security).toEqual([{ token: ['requests:read'] }]);
    expect(doc.paths['/api/v1/requests/{id}'].get.operationId).toBe('getRequest');
    for (const how of ['remind', 'resend'])
      expect(doc.paths[`/api/v1/requests/{id}/recipients/{recipientId}/${how}`].post.security).toEqual([
        { token: ['requests:write'] },
      ]);
    const names = Object.keys(doc.components.schemas);
    for (const name of ['SigningRequest', 'Recipient', 'AuditEvent', 'FieldRect', 'SigningRequestPage'])
      expect(
        names.some((n) => n.startsWith(name)),
        name,
      ).toBe(true);
    const text = JSON.stringify(doc.components.schemas);
    expect(text).toContain('PDF points (1/72 inch)');
    expect(text).toContain('top-left corner, x to the right and y downwards');
    expect(doc.info.description).toContain('recipient_not_due');
  });
});
