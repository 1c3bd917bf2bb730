import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentMessages } from '#shared/documents/messages.ts';
import { MIN_STAMP_BOX } from '#shared/documents/stamp-layout.ts';
import { requestMessages as m } from '#shared/requests/messages.ts';
import type { SigningRequest } from '#shared/requests/schemas.ts';
import { Agent } from '#server/test/agent.ts';
import {
  body,
  mailedToken,
  mailsTo,
  owner,
  person,
  recipientAgent,
  requestsTestApp,
  send,
  signAs,
  signatureField,
  subjectOf,
  uploaded,
  type Ctx,
} from '#server/test/requests.ts';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await requestsTestApp();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

async function ownerWithDocument() {
  const o = await owner(ctx);
  const docId = await uploaded(ctx, o.agent);
  return { ...o, docId };
}

describe('POST /api/documents/{id}/requests', () => {
  test('parallel: every signer is mailed a personal link, the document is awaiting, the trail starts', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann Lee');
    const bob = person('Bob Roe');
    const viewer = person('Vic View', 'viewer');
    const res = await o.agent.post(
      `/api/documents/${o.docId}/requests`,
      body([ann, bob, viewer], { order: 'parallel', message: 'Please sign by Friday.' }),
    );
    expect(res.statusCode).toBe(201);
    const request = res.json().request as SigningRequest;
    expect(request).toMatchObject({
      documentId: o.docId,
      documentName: 'Lease agreement',
      status: 'active',
      order: 'parallel',
      message: 'Please sign by Friday.',
      reminders: { firstAfterDays: 3, everyDays: 3 },
      requireCode: false,
      revision: 0,
    });
    expect(Date.parse(request.expiresAt) - ctx.clock.now()).toBeGreaterThan(29 * DAY);
    expect(request.recipients.map((r) => [r.name, r.role, r.status])).toEqual([
      ['Ann Lee', 'signer', 'sent'],
      ['Bob Roe', 'signer', 'sent'],
      ['Vic View', 'viewer', 'waiting'],
    ]);
    expect(request.fields).toHaveLength(2);
    expect(request.fields[0]).toMatchObject({
      recipientId: request.recipients[0]!.id,
      type: 'signature',
      page: 1,
      rect: { x: 72, y: 100, width: 180, height: 80 },
      required: true,
      value: null,
    });
    expect(request.events.map((e) => e.kind)).toEqual(['created', 'sent', 'sent']);
    expect(request.events[0]).toMatchObject({ actor: `OlgaOwner <${o.email}>`, ip: o.agent.ip });
    expect(request.events[0]!.at).toMatch(/Z$/);

    const mail = (await mailsTo(ctx, ann.email))[0]!;
    expect(subjectOf(mail)).toBe('OlgaOwner asks you to sign "Lease agreement"');
    expect(mail.text).toContain('Please sign by Friday.');
    const token = await mailedToken(ctx, bob.email);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await mailsTo(ctx, viewer.email)).toHaveLength(0);
    // Only the hash is kept.
    const stored = await ctx.app.db.selectFrom('signing_links').select('token_hash').execute();
    expect(stored.some((l) => l.token_hash === token)).toBe(false);

    const doc = (await o.agent.get(`/api/documents/${o.docId}`)).json();
    expect(doc.status).toBe('awaiting');
  });

  test('sequential: only the first signer is mailed; the next waits for their turn', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann First');
    const bob = person('Bob Second', 'approver');
    const request = await send(ctx, o.agent, o.docId, body([ann, bob]));
    expect(request.recipients.map((r) => r.status)).toEqual(['sent', 'waiting']);
    await mailedToken(ctx, ann.email);
    expect(await mailsTo(ctx, bob.email)).toHaveLength(0);
  });

  const refusals: [string, (docId: number) => unknown, string][] = [
    [
      'a field outside its page',
      () =>
        body([person('A')], {
          fields: [{ ...signatureField(0), rect: { x: 500, y: 800, width: 200, height: 80 } }],
        }),
      m.fieldOffPage(1, 595.28, 841.89),
    ],
    [
      'a signature field too small for its verification QR code',
      () =>
        body([person('A')], {
          fields: [
            { ...signatureField(0), rect: { x: 72, y: 100, width: 300, height: MIN_STAMP_BOX.height - 1 } },
          ],
        }),
      m.signatureFieldTooSmall(MIN_STAMP_BOX.width, MIN_STAMP_BOX.height),
    ],
    [
      'a field on a page the document lacks',
      () => body([person('A')], { fields: [signatureField(0, 3)] }),
      m.fieldPageMissing(3, 2),
    ],
    [
      'an invalid e-mail',
      () => body([{ name: 'A', email: 'not-an-address', role: 'signer' }]),
      m.recipientEmailInvalid,
    ],
    [
      'a repeated e-mail',
      () =>
        body([
          { name: 'A', email: 'same@example.com' },
          { name: 'B', email: 'SAME@example.com' },
        ]),
      m.recipientEmailRepeated('same@example.com'),
    ],
    [
      'more than 20 recipients',
      () => body(Array.from({ length: 21 }, (_, i) => person(`P${i}`))),
      m.tooManyRecipients,
    ],
    [
      'fields for a viewer',
      () => body([person('A'), person('Vera', 'viewer')], { fields: [signatureField(0), signatureField(1)] }),
      m.fieldsForViewer('Vera'),
    ],
    [
      'a signer without a signature field',
      () => body([person('Sam Signer')], { fields: [] }),
      m.signerWithoutSignature('Sam Signer'),
    ],
    ['viewers only', () => body([person('Vi', 'viewer')]), m.nobodyActs],
    [
      'an expiry beyond 365 days',
      () => body([person('A')], { expiresAt: new Date(ctx.clock.now() + 366 * DAY).toISOString() }),
      m.expiryTooFar,
    ],
    [
      'an expiry in the past',
      () => body([person('A')], { expiresAt: new Date(ctx.clock.now() - 1000).toISOString() }),
      m.expiryInPast,
    ],
    ['no recipients', () => body([]), m.recipientsRequired],
  ];
  test.each(refusals)(
    '%s: 400 with the reason, nothing sent, the document stays pending',
    async (_name, make, message) => {
      const o = await ownerWithDocument();
      const res = await o.agent.post(`/api/documents/${o.docId}/requests`, make(o.docId));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect((await o.agent.get(`/api/documents/${o.docId}`)).json().status).toBe('pending');
      expect((await o.agent.get(`/api/documents/${o.docId}/requests/current`)).json()).toEqual({
        request: null,
      });
    },
  );

  test('a document already awaiting signatures, or signed, takes no request (400)', async () => {
    const o = await ownerWithDocument();
    await send(ctx, o.agent, o.docId, body([person('A')]));
    const again = await o.agent.post(`/api/documents/${o.docId}/requests`, body([person('B')]));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(m.documentAwaiting);

    const other = await uploaded(ctx, o.agent, 'Signed one');
    await ctx.app.db
      .updateTable('documents')
      .set({ status: 'signed', signed_at: new Date().toISOString() })
      .where('id', '=', other)
      .execute();
    const signed = await o.agent.post(`/api/documents/${other}/requests`, body([person('C')]));
    expect(signed.statusCode).toBe(400);
    expect(signed.json().message).toBe(m.documentSigned);
  });

  test("another user's document answers 404; signed out answers 401", async () => {
    const o = await ownerWithDocument();
    const stranger = await owner(ctx, 'Stranger');
    const res = await stranger.agent.post(`/api/documents/${o.docId}/requests`, body([person('A')]));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(documentMessages.notFound);
    const anonymous = new Agent(ctx.app);
    await anonymous.get('/api/csrf');
    expect((await anonymous.post(`/api/documents/${o.docId}/requests`, body([person('A')]))).statusCode).toBe(
      401,
    );
  });

  test('a request past its expiry no longer holds the document, even before its expiry job ran', async () => {
    const o = await ownerWithDocument();
    const first = await send(
      ctx,
      o.agent,
      o.docId,
      body([person('A')], { expiresAt: new Date(ctx.clock.now() + DAY).toISOString() }),
    );
    ctx.clock.advance(DAY + 60_000);
    try {
      expect((await o.agent.login(o.email, 'Str0ng!Pass')).statusCode).toBe(200);
      const second = await send(ctx, o.agent, o.docId, body([person('B')]));
      expect(second.id).not.toBe(first.id);
      const old = await ctx.app.db
        .selectFrom('signing_requests')
        .select('status')
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow();
      expect(old.status).toBe('expired');
    } finally {
      ctx.clock.advance(-(DAY + 60_000));
    }
  });

  test('the owner may include themself as a signer', async () => {
    const o = await ownerWithDocument();
    const request = await send(ctx, o.agent, o.docId, body([{ name: 'Me', email: o.email }]));
    expect(request.recipients[0]!.email).toBe(o.email);
    await mailedToken(ctx, o.email);
  });

  test('an owner sending many requests in an hour is slowed down (429)', async () => {
    const o = await ownerWithDocument();
    await ctx.app.limitsStore.save({ signingRequestsPerUserPerHour: 1 });
    try {
      await send(ctx, o.agent, o.docId, body([person('A')]));
      const second = await uploaded(ctx, o.agent);
      const res = await o.agent.post(`/api/documents/${second}/requests`, body([person('B')]));
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(m.tooManyRequests);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await ctx.app.limitsStore.save({ signingRequestsPerUserPerHour: 30 });
    }
  });
});

describe('GET /api/documents/{id}/requests/current', () => {
  test('null before any request, then the latest with its trail; 404 for another user', async () => {
    const o = await ownerWithDocument();
    expect((await o.agent.get(`/api/documents/${o.docId}/requests/current`)).json()).toEqual({
      request: null,
    });
    const sent = await send(ctx, o.agent, o.docId, body([person('A')]));
    const res = await o.agent.get(`/api/documents/${o.docId}/requests/current`);
    expect(res.statusCode).toBe(200);
    expect(res.json().request).toEqual(sent);
    const stranger = await owner(ctx, 'Stranger');
    expect((await stranger.agent.get(`/api/documents/${o.docId}/requests/current`)).statusCode).toBe(404);
  });
});

describe('an awaiting document is locked', () => {
  test('its owner can neither delete nor sign it until the request is cancelled', async () => {
    const o = await ownerWithDocument();
    const request = await send(ctx, o.agent, o.docId, body([person('A')]));
    const del = await o.agent.request('DELETE', `/api/documents/${o.docId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(m.documentAwaitingLocked);
    const saved = await o.agent.post('/api/signatures', { signatureData: ctx.png });
    expect(saved.statusCode).toBe(201);
    const sign = await o.agent.post(`/api/documents/${o.docId}/sign`, {
      signatures: [
        { signatureId: saved.json().id, position: { page: 1, x: 50, y: 50, width: 200, height: 100 } },
      ],
    });
    expect(sign.statusCode).toBe(409);
    expect(sign.json().message).toBe(m.documentAwaitingLocked);

    expect((await o.agent.post(`/api/requests/${request.id}/cancel`)).statusCode).toBe(200);
    expect((await o.agent.request('DELETE', `/api/documents/${o.docId}`)).statusCode).toBe(200);
  });
});

describe('POST /api/requests/{id}/cancel', () => {
  test('voids every link, puts the document back to pending, tells the recipients mailed', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann');
    const bob = person('Bob');
    const request = await send(ctx, o.agent, o.docId, body([ann, bob]));
    const token = await mailedToken(ctx, ann.email);
    const res = await o.agent.post(`/api/requests/${request.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.cancelled);
    expect(res.json().request.status).toBe('cancelled');
    expect(res.json().request.events.at(-1)).toMatchObject({
      kind: 'cancelled',
      actor: `OlgaOwner <${o.email}>`,
    });
    const page = await recipientAgent(ctx.app).get(`/api/sign/${token}`);
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe(m.linkNotLive);
    expect((await o.agent.get(`/api/documents/${o.docId}`)).json().status).toBe('pending');
    const told = await mailsTo(ctx, ann.email);
    expect(subjectOf(told.at(-1)!)).toBe('"Lease agreement" no longer needs your signature');
    // Bob was never mailed (sequential), so he is not told either.
    expect(await mailsTo(ctx, bob.email)).toHaveLength(0);

    const again = await o.agent.post(`/api/requests/${request.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.requestNotActive);
    // A new request may follow.
    await send(ctx, o.agent, o.docId, body([person('C')]));
  });

  test("another user's request answers 404", async () => {
    const o = await ownerWithDocument();
    const request = await send(ctx, o.agent, o.docId, body([person('A')]));
    const stranger = await owner(ctx, 'Stranger');
    const res = await stranger.agent.post(`/api/requests/${request.id}/cancel`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.requestNotFound);
    expect((await o.agent.get(`/api/documents/${o.docId}`)).json().status).toBe('awaiting');
  });

  test('signatures made before the cancellation are revoked on the public page', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann Early');
    const request = await send(ctx, o.agent, o.docId, body([ann, person('Bob Late')]));
    expect((await signAs(ctx, await mailedToken(ctx, ann.email))).statusCode).toBe(200);
    const ref = (
      await ctx.app.db
        .selectFrom('signatures')
        .select('reference_number')
        .where('request_id', '=', request.id)
        .executeTakeFirstOrThrow()
    ).reference_number;
    expect((await new Agent(ctx.app).get(`/api/signatures/reference/${ref}`)).statusCode).toBe(200);
    await o.agent.post(`/api/requests/${request.id}/cancel`);
    const after = await new Agent(ctx.app).get(`/api/signatures/reference/${ref}`);
    expect(after.statusCode).toBe(410);
    expect(after.json().revoked).toBe(true);
    // The stamped revision is gone; the original is untouched.
    const files = await ctx.app.db
      .selectFrom('files')
      .select('kind')
      .where('document_id', '=', o.docId)
      .execute();
    expect(files.map((f) => f.kind)).toEqual(['original']);
  });
});

describe('resend and remind', () => {
  test('resend mails a new link and kills the old one', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann');
    const request = await send(ctx, o.agent, o.docId, body([ann]));
    const old = await mailedToken(ctx, ann.email);
    const rid = request.recipients[0]!.id;
    const res = await o.agent.post(`/api/requests/${request.id}/recipients/${rid}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.resent('Ann'));
    expect(res.json().request.events.at(-1)).toMatchObject({ kind: 'sent', recipientId: rid });
    const fresh = await mailedToken(ctx, ann.email, 2);
    expect(fresh).not.toBe(old);
    const browser = recipientAgent(ctx.app);
    expect((await browser.get(`/api/sign/${old}`)).statusCode).toBe(404);
    expect((await browser.get(`/api/sign/${fresh}`)).statusCode).toBe(200);
  });

  test('remind mails the link again; the first link keeps working', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann');
    const request = await send(ctx, o.agent, o.docId, body([ann]));
    const first = await mailedToken(ctx, ann.email);
    const rid = request.recipients[0]!.id;
    const res = await o.agent.post(`/api/requests/${request.id}/recipients/${rid}/remind`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.reminded('Ann'));
    const r = res.json().request.recipients[0];
    expect(r.remindersSent).toBe(1);
    expect(r.lastRemindedAt).not.toBeNull();
    expect(res.json().request.events.at(-1).kind).toBe('reminded');
    const mails = await mailsTo(ctx, ann.email);
    expect(subjectOf(mails.at(-1)!)).toMatch(/^Reminder: /);
    const second = await mailedToken(ctx, ann.email, 2);
    const browser = recipientAgent(ctx.app);
    expect((await browser.get(`/api/sign/${first}`)).statusCode).toBe(200);
    expect((await browser.get(`/api/sign/${second}`)).statusCode).toBe(200);
  });

  test('a recipient not yet due, a viewer, or one who finished cannot be mailed (409)', async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann');
    const request = await send(ctx, o.agent, o.docId, body([ann, person('Bob'), person('Vi', 'viewer')]));
    const [a, b, v] = request.recipients;
    const notDue = await o.agent.post(`/api/requests/${request.id}/recipients/${b!.id}/remind`);
    expect(notDue.statusCode).toBe(409);
    expect(notDue.json().message).toBe(m.recipientNotDue('Bob'));
    const viewer = await o.agent.post(`/api/requests/${request.id}/recipients/${v!.id}/resend`);
    expect(viewer.statusCode).toBe(409);
    expect(viewer.json().message).toBe(m.recipientIsViewer('Vi'));
    expect((await signAs(ctx, await mailedToken(ctx, ann.email))).statusCode).toBe(200);
    const done = await o.agent.post(`/api/requests/${request.id}/recipients/${a!.id}/resend`);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(m.recipientDone('Ann'));
  });

  test("another user's request or a recipient of another request answers 404", async () => {
    const o = await ownerWithDocument();
    const request = await send(ctx, o.agent, o.docId, body([person('Ann')]));
    const rid = request.recipients[0]!.id;
    const stranger = await owner(ctx, 'Stranger');
    expect(
      (await stranger.agent.post(`/api/requests/${request.id}/recipients/${rid}/resend`)).statusCode,
    ).toBe(404);
    const otherDoc = await uploaded(ctx, o.agent);
    const other = await send(ctx, o.agent, otherDoc, body([person('Zed')]));
    const res = await o.agent.post(`/api/requests/${other.id}/recipients/${rid}/remind`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.recipientNotFound);
  });

  test('mails to one recipient are limited per hour (429)', async () => {
    const o = await ownerWithDocument();
    const request = await send(ctx, o.agent, o.docId, body([person('Ann')]));
    const rid = request.recipients[0]!.id;
    for (let i = 0; i < 5; i++)
      expect((await o.agent.post(`/api/requests/${request.id}/recipients/${rid}/remind`)).statusCode).toBe(
        200,
      );
    const res = await o.agent.post(`/api/requests/${request.id}/recipients/${rid}/resend`);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(m.tooManyMails);
  });
});

describe('GET /api/requests', () => {
  test("lists the owner's requests newest first with each recipient's state; filters by status", async () => {
    const o = await ownerWithDocument();
    const ann = person('Ann List');
    const bob = person('Bob List');
    const first = await send(ctx, o.agent, o.docId, body([ann]));
    expect((await o.agent.post(`/api/requests/${first.id}/cancel`)).statusCode).toBe(200);
    const second = await send(ctx, o.agent, o.docId, body([ann, bob], { order: 'parallel' }));
    expect((await signAs(ctx, await mailedToken(ctx, bob.email))).statusCode).toBe(200);

    const res = await o.agent.get('/api/requests');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.total).toBe(2);
    expect(list.items.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    expect(list.items[0]).toMatchObject({
      documentId: o.docId,
      documentName: 'Lease agreement',
      status: 'active',
      order: 'parallel',
      endedAt: null,
      recipients: [
        { name: 'Ann List', email: ann.email, role: 'signer', status: 'sent', signedAt: null },
        { name: 'Bob List', email: bob.email, role: 'signer', status: 'signed' },
      ],
    });
    expect(list.items[1]).toMatchObject({ status: 'cancelled', endedAt: expect.any(String) });

    const cancelled = (await o.agent.get('/api/requests?status=cancelled')).json();
    expect(cancelled).toMatchObject({ total: 1, items: [{ id: first.id }] });
    expect((await o.agent.get('/api/requests?pageSize=1&page=2')).json().items[0].id).toBe(first.id);
  });

  test('another user sees none of them; signed out answers 401; an unknown status 400', async () => {
    const o = await ownerWithDocument();
    await send(ctx, o.agent, o.docId, body([person('Ann')]));
    const stranger = await owner(ctx, 'Stranger');
    expect((await stranger.agent.get('/api/requests')).json()).toEqual({ items: [], total: 0 });
    expect((await new Agent(ctx.app).get('/api/requests')).statusCode).toBe(401);
    const bad = await o.agent.get('/api/requests?status=signed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });
});
