import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestMessages as m } from '#shared/requests/messages.ts';
import { stampLayout } from '#shared/documents/stamp-layout.ts';
import type { SigningAnswer, SigningView } from '#shared/requests/schemas.ts';
import { Agent } from '#server/test/agent.ts';
import { linkIn } from '#server/test/smtp.ts';
import { getBytes } from '#server/test/documents.ts';
import { verifyWithInstance } from '#server/test/seal-keys.ts';
import { issueLink } from './tokens.ts';
import {
  body,
  mailedToken,
  mailsTo,
  owner,
  person,
  readCode,
  recipientAgent,
  requestsTestApp,
  send,
  signAs,
  pdfAttachment,
  subjectOf,
  uploaded,
  type Ctx,
} from '#server/test/requests.ts';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await requestsTestApp();
});
afterAll(() => ctx.close());

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function requestFor(recipients = [person('Ann Lee')], extra: Parameters<typeof body>[1] = {}) {
  const o = await owner(ctx);
  const docId = await uploaded(ctx, o.agent);
  const request = await send(ctx, o.agent, docId, body(recipients, extra));
  return { owner: o, docId, request, recipients };
}

describe('GET /api/sign/{token}', () => {
  test('shows the recipient their document, sender, message and fields, and counts as opened', async () => {
    const ann = person('Ann Lee');
    const { owner: o, request } = await requestFor([ann], { message: 'Page 2 too, please.' });
    const token = await mailedToken(ctx, ann.email);
    const browser = recipientAgent(ctx.app);
    const res = await browser.get(`/api/sign/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-csrf-token']).toBeTruthy();
    const view = res.json<SigningView>();
    expect(view).toEqual({
      locked: false,
      document: { name: 'Lease agreement', pageCount: 2 },
      sender: { name: 'OlgaOwner', email: o.email },
      recipient: {
        id: request.recipients[0]!.id,
        name: 'Ann Lee',
        email: ann.email,
        role: 'signer',
        status: 'opened',
      },
      order: 'sequential',
      expiresAt: request.expiresAt,
      code: { required: false, verified: false },
      turn: { yours: true, waitingFor: [] },
      ready: true,
      message: 'Page 2 too, please.',
      fields: [
        {
          id: request.fields[0]!.id,
          type: 'signature',
          page: 1,
          rect: request.fields[0]!.rect,
          required: true,
          prefill: null,
          editable: true,
        },
      ],
      fileUrl: `/api/sign/${token}/file`,
      savedSignaturesAllowed: false,
    });
    const file = await getBytes(ctx.app, browser, `/api/sign/${token}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.bytes.equals(ctx.pdf)).toBe(true);
    await browser.get(`/api/sign/${token}`);
    const trail = (await o.agent.get(`/api/documents/${request.documentId}/requests/current`)).json().request;
    expect(trail.events.filter((e: { kind: string }) => e.kind === 'opened')).toHaveLength(1);
    expect(trail.events.at(-1)).toMatchObject({
      kind: 'opened',
      actor: `Ann Lee <${ann.email}>`,
      ip: browser.ip,
    });
    expect(trail.recipients[0].openedAt).not.toBeNull();
  });

  test('unknown, malformed, replaced and used links all answer the same 404', async () => {
    const ann = person('Ann');
    const { owner: o, request } = await requestFor([ann]);
    const token = await mailedToken(ctx, ann.email);
    const browser = recipientAgent(ctx.app);
    const unknown = await browser.get(`/api/sign/${crypto.randomBytes(32).toString('base64url')}`);
    const malformed = await browser.get('/api/sign/not-a-token');
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual(unknown.json());
    expect(unknown.json()).toEqual({ message: m.linkNotLive });
    const random = crypto.randomBytes(32).toString('base64url');
    await browser.get('/api/csrf');
    for (const [method, path, payload] of [
      ['GET', 'file', undefined],
      ['POST', 'code', undefined],
      ['POST', 'verify-code', { code: '123456' }],
      ['POST', 'complete', { values: [] }],
      ['POST', 'decline', { reason: 'x' }],
    ] as const) {
      const res = await browser.request(method, `/api/sign/${random}/${path}`, payload);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    await o.agent.post(`/api/requests/${request.id}/recipients/${request.recipients[0]!.id}/resend`);
    const replaced = await browser.get(`/api/sign/${token}`);
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json()).toEqual(unknown.json());
    const fresh = await mailedToken(ctx, ann.email, 2);
    expect((await signAs(ctx, fresh)).statusCode).toBe(200);
    const used = await browser.get(`/api/sign/${fresh}`);
    expect(used.statusCode).toBe(404);
    expect(used.json()).toEqual(unknown.json());
  });

  test('a link stops at the expiry; the expiry job ends the request and tells the owner', async () => {
    const ann = person('Ann');
    const {
      owner: o,
      docId,
      request,
    } = await requestFor([ann], {
      expiresAt: new Date(ctx.clock.now() + 2 * DAY).toISOString(),
      reminders: null,
    });
    const token = await mailedToken(ctx, ann.email);
    ctx.clock.advance(2 * DAY + MINUTE);
    try {
      expect((await recipientAgent(ctx.app).get(`/api/sign/${token}`)).statusCode).toBe(404);
      await ctx.scheduler.runDue();
      // The owner's session has idled out over two days: read what their page would show.
      const current = (await ctx.app.requests.current(
        (
          await ctx.app.db
            .selectFrom('documents')
            .select('user_id')
            .where('id', '=', docId)
            .executeTakeFirstOrThrow()
        ).user_id,
        docId,
      ))!.request!;
      expect(current.status).toBe('expired');
      expect(current.recipients[0]!.status).toBe('expired');
      expect(current.events.at(-1)).toMatchObject({ kind: 'expired', actor: 'Inkproof', ip: null });
      const doc = await ctx.app.db
        .selectFrom('documents')
        .select('status')
        .where('id', '=', docId)
        .executeTakeFirstOrThrow();
      expect(doc.status).toBe('pending');
      const mails = await mailsTo(ctx, o.email);
      expect(subjectOf(mails.at(-1)!)).toBe('The signing request for "Lease agreement" has expired');
      expect(request.id).toBe(current.id);
    } finally {
      ctx.clock.advance(-(2 * DAY + MINUTE));
    }
  });
});

describe('identity code', () => {
  test('the file, the fields and finishing wait for the mailed code; the code binds to this browser', async () => {
    const ann = person('Ann Code');
    const { request } = await requestFor([ann], { requireCode: true });
    const token = await mailedToken(ctx, ann.email);
    const browser = recipientAgent(ctx.app);
    expect((await browser.get(`/api/sign/${token}`)).json<SigningAnswer>().locked).toBe(true);
    const file = await browser.get(`/api/sign/${token}/file`);
    expect(file.statusCode).toBe(403);
    expect(file.json()).toEqual({ message: m.codeRequired, codeRequired: true });
    expect((await browser.post(`/api/sign/${token}/complete`, { values: [] })).statusCode).toBe(403);

    const sent = await browser.post(`/api/sign/${token}/code`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(m.codeSent('a***@example.com'));
    const code = await readCode(ctx, ann.email);
    const wrong = code === '000000' ? '000001' : '000000';
    const bad = await browser.post(`/api/sign/${token}/verify-code`, { code: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: m.codeWrong(4), attemptsLeft: 4 });
    expect((await browser.post(`/api/sign/${token}/verify-code`, { code: '12' })).statusCode).toBe(400);
    const ok = await browser.post(`/api/sign/${token}/verify-code`, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(m.codeVerified);
    const after = (await browser.get(`/api/sign/${token}`)).json<SigningView>();
    expect(after).toMatchObject({ locked: false, code: { required: true, verified: true }, ready: true });
    expect(after.fields).toHaveLength(1);
    expect((await getBytes(ctx.app, browser, `/api/sign/${token}/file`)).statusCode).toBe(200);

    // Someone else holding the link (another browser) is not let in by Ann's code.
    const other = recipientAgent(ctx.app);
    expect((await other.get(`/api/sign/${token}`)).json().locked).toBe(true);
    expect((await other.get(`/api/sign/${token}/file`)).statusCode).toBe(403);

    const row = await ctx.app.db
      .selectFrom('signing_requests')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    const trail = await ctx.app.requests.view(row);
    const kinds = trail.events.map((e) => e.kind);
    expect(kinds).toContain('code-sent');
    expect(kinds).toContain('code-verified');
    expect(trail.recipients[0]!.codeVerifiedAt).not.toBeNull();
  });

  test('before the code the link tells only who asks, the masked address and what to do next', async () => {
    const ann = person('Ann Locked');
    const viewer = person('Vic Locked', 'viewer');
    const { owner: o, request } = await requestFor([ann, viewer], {
      requireCode: true,
      message: 'Rent 2027',
    });
    const token = await mailedToken(ctx, ann.email);
    const browser = recipientAgent(ctx.app);
    const locked = await browser.get(`/api/sign/${token}`);
    expect(locked.statusCode).toBe(200);
    expect(locked.headers['x-csrf-token']).toBeTruthy();
    expect(locked.json()).toEqual({
      locked: true,
      next: m.codeRequired,
      sender: { name: 'OlgaOwner' },
      recipient: { maskedEmail: 'a***@example.com' },
    });
    for (const secret of ['Lease agreement', o.email, ann.email, 'Ann Locked', 'Vic Locked', 'Rent 2027'])
      expect(locked.body).not.toContain(secret);
    // asking for the code names the address masked too
    const sent = await browser.post(`/api/sign/${token}/code`);
    expect(sent.json().message).toBe(m.codeSent('a***@example.com'));
    expect(sent.body).not.toContain(ann.email);

    const code = await readCode(ctx, ann.email);
    expect((await browser.post(`/api/sign/${token}/verify-code`, { code })).statusCode).toBe(200);
    const open = (await browser.get(`/api/sign/${token}`)).json<SigningView>();
    expect(open).toMatchObject({
      locked: false,
      document: { name: 'Lease agreement', pageCount: 2 },
      sender: { name: 'OlgaOwner', email: o.email },
      recipient: { id: request.recipients[0]!.id, name: 'Ann Locked', email: ann.email },
      message: 'Rent 2027',
      ready: true,
    });
  });

  test('a sender without a name is shown by a masked address before the code', async () => {
    const ann = person('Ann Nameless');
    const { owner: o } = await requestFor([ann], { requireCode: true });
    await ctx.app.db.updateTable('users').set({ name: null }).where('email', '=', o.email).execute();
    const token = await mailedToken(ctx, ann.email);
    const res = await recipientAgent(ctx.app).get(`/api/sign/${token}`);
    expect(res.json().sender).toEqual({ name: 'o***@example.com' });
    expect(res.body).not.toContain(o.email);
  });

  test('five wrong tries use the code up; an expired code needs a new one', async () => {
    const ann = person('Ann Tries');
    await requestFor([ann], { requireCode: true });
    const token = await mailedToken(ctx, ann.email);
    const browser = recipientAgent(ctx.app);
    await browser.get(`/api/sign/${token}`);
    await browser.post(`/api/sign/${token}/code`);
    const code = await readCode(ctx, ann.email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let left = 4; left >= 1; left--) {
      const res = await browser.post(`/api/sign/${token}/verify-code`, { code: wrong });
      expect(res.json().attemptsLeft).toBe(left);
    }
    const fifth = await browser.post(`/api/sign/${token}/verify-code`, { code: wrong });
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json()).toEqual({ message: m.codeExpired, newCodeNeeded: true });
    // Even the right code no longer works.
    expect((await browser.post(`/api/sign/${token}/verify-code`, { code })).statusCode).toBe(410);

    await browser.post(`/api/sign/${token}/code`);
    const second = await readCode(ctx, ann.email, 2);
    ctx.clock.advance(11 * MINUTE);
    try {
      expect((await browser.post(`/api/sign/${token}/verify-code`, { code: second })).statusCode).toBe(410);
    } finally {
      ctx.clock.advance(-11 * MINUTE);
    }
    await browser.post(`/api/sign/${token}/code`);
    const third = await readCode(ctx, ann.email, 3);
    expect((await browser.post(`/api/sign/${token}/verify-code`, { code: third })).statusCode).toBe(200);
  });

  test('codes mailed to one recipient are limited per hour; a request without codes refuses them', async () => {
    const ann = person('Ann Many');
    await requestFor([ann], { requireCode: true });
    const token = await mailedToken(ctx, ann.email);
    const browser = recipientAgent(ctx.app);
    await browser.get(`/api/sign/${token}`);
    for (let i = 0; i < 5; i++) expect((await browser.post(`/api/sign/${token}/code`)).statusCode).toBe(200);
    const sixth = await browser.post(`/api/sign/${token}/code`);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(m.tooManyCodes);

    const bob = person('Bob NoCode');
    await requestFor([bob]);
    const t2 = await mailedToken(ctx, bob.email);
    await browser.get(`/api/sign/${t2}`);
    const res = await browser.post(`/api/sign/${t2}/code`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.codeNotNeeded);
  });
});

describe('whose turn', () => {
  test('a recipient not yet due sees whom they wait for, and gets neither the file nor a finish', async () => {
    const ann = person('Ann Before');
    const bob = person('Bob After');
    const { request } = await requestFor([ann, bob]);
    // Bob holds a link before his turn (a mail forwarded early, say): the server still says no.
    const bobId = request.recipients[1]!.id;
    const token = await ctx.app.db.transaction().execute(async (trx) => {
      await trx.updateTable('signing_recipients').set({ status: 'sent' }).where('id', '=', bobId).execute();
      return issueLink(trx, bobId, new Date(ctx.clock.now()).toISOString());
    });
    const browser = recipientAgent(ctx.app);
    const view = (await browser.get(`/api/sign/${token}`)).json<SigningView>();
    expect(view).toMatchObject({
      turn: { yours: false, waitingFor: [{ name: 'Ann Before', role: 'signer' }] },
      ready: false,
      fields: [],
      fileUrl: null,
      message: null,
    });
    expect(view.recipient.status).toBe('sent'); // looking early is not "opened"
    const file = await browser.get(`/api/sign/${token}/file`);
    expect(file.statusCode).toBe(409);
    expect(file.json()).toEqual({ message: m.notYourTurn(['Ann Before']), waitingFor: ['Ann Before'] });
    expect((await browser.post(`/api/sign/${token}/complete`, { values: [] })).statusCode).toBe(409);
    expect((await browser.post(`/api/sign/${token}/decline`, { reason: 'no' })).statusCode).toBe(409);

    expect((await signAs(ctx, await mailedToken(ctx, ann.email))).statusCode).toBe(200);
    expect((await browser.get(`/api/sign/${token}`)).json().turn).toEqual({ yours: true, waitingFor: [] });
  });

  test('sequential: the next signer is mailed when the one before finishes, and sees their revision', async () => {
    const ann = person('Ann One');
    const bob = person('Bob Two');
    const { owner: o, docId, request } = await requestFor([ann, bob]);
    expect((await signAs(ctx, await mailedToken(ctx, ann.email))).json()).toEqual({
      message: m.finished,
      lastOne: false,
    });
    const token = await mailedToken(ctx, bob.email);
    const browser = recipientAgent(ctx.app);
    await browser.get(`/api/sign/${token}`);
    const file = await getBytes(ctx.app, browser, `/api/sign/${token}/file`);
    expect(file.bytes.subarray(0, ctx.pdf.length).equals(ctx.pdf)).toBe(true);
    const annRevision = await ctx.app.db
      .selectFrom('signing_revisions')
      .selectAll()
      .where('request_id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(annRevision.label).toBe('Signed by Ann One');
    expect(file.bytes.length).toBe(annRevision.size);
    expect(sha(file.bytes)).toBe(annRevision.sha256);
    // Ann's revision records where her QR code went: inside her own signature field.
    const annField = request.fields.find((f) => f.recipientId === request.recipients[0]!.id)!;
    expect(JSON.parse(annRevision.stamps)).toEqual([{ page: 1, rect: stampLayout(annField.rect).qr }]);
    expect((await signAs(ctx, token, browser)).statusCode).toBe(200);
    const bobStamp = ctx.seam.stamps.filter((s) => s.signerName === 'Bob Two').at(-1)!;
    const sigField = bobStamp.fields[0]!;
    const link = sigField.kind === 'signature' ? sigField.verification.verifyUrl : '';
    expect(link).toMatch(
      /^http:\/\/inkproof\.test\/verify-signature\?id=\d+&ref=SIG-\d{8}-[A-Z2-9]{12}&name=Bob\+Two&timestamp=[^#]+#[A-Z2-7]+$/,
    );
    // The stamp's QR carries the seal: it proves name and reference offline, with its log index.
    const proven = await verifyWithInstance(ctx.app, link, 'signature');
    expect(proven).toMatchObject({ status: 'proven', claims: { signerName: 'Bob Two' } });
    const bobSig = await ctx.app.db
      .selectFrom('signatures')
      .select('qr_code_data')
      .where('signer_name', '=', 'Bob Two')
      .executeTakeFirstOrThrow();
    expect(bobSig.qr_code_data).toBe(link);
    const current = (await o.agent.get(`/api/documents/${docId}/requests/current`)).json().request;
    expect(current.recipients.map((r: { status: string }) => r.status)).toEqual(['signed', 'signed']);
    expect(current.status).toBe('completed');
    const sentToBob = current.events
      .filter((e: { kind: string; recipientId: number }) => e.kind === 'sent')
      .at(-1);
    expect(sentToBob).toMatchObject({ actor: 'Inkproof', recipientId: current.recipients[1].id });
  });
});

describe('POST /api/sign/{token}/complete', () => {
  const allFields = (recipients: ReturnType<typeof person>[]) =>
    body(recipients, {
      fields: [
        { recipient: 0, type: 'signature', page: 1, rect: { x: 72, y: 580, width: 180, height: 80 } },
        {
          recipient: 0,
          type: 'initials',
          page: 2,
          rect: { x: 72, y: 700, width: 60, height: 30 },
          required: false,
        },
        { recipient: 0, type: 'name', page: 1, rect: { x: 72, y: 670, width: 180, height: 20 } },
        { recipient: 0, type: 'date', page: 1, rect: { x: 300, y: 670, width: 100, height: 20 } },
        { recipient: 0, type: 'text', page: 1, rect: { x: 72, y: 500, width: 300, height: 20 } },
        { recipient: 0, type: 'checkbox', page: 1, rect: { x: 72, y: 460, width: 14, height: 14 } },
        {
          recipient: 0,
          type: 'checkbox',
          page: 1,
          rect: { x: 100, y: 460, width: 14, height: 14 },
          required: false,
        },
      ],
    });

  test('refuses values that do not fit, and a finish with a required field empty (400)', async () => {
    const ann = person('Ann Checks');
    const o = await owner(ctx);
    const docId = await uploaded(ctx, o.agent);
    await send(ctx, o.agent, docId, allFields([ann]));
    const token = await mailedToken(ctx, ann.email);
    const browser = recipientAgent(ctx.app);
    const fields = (await browser.get(`/api/sign/${token}`)).json<SigningView>().fields;
    const [sig, initials, name, , text, box, optionalBox] = fields.map((f) => f.id) as number[];
    const good = [
      { fieldId: sig!, kind: 'image', image: ctx.png, method: 'draw' },
      { fieldId: text!, kind: 'text', text: 'Flat 3, 12 High St' },
      { fieldId: box!, kind: 'checkbox', checked: true },
    ];
    const cases: [unknown[], string][] = [
      [good.filter((v) => v.fieldId !== sig), m.fieldRequired],
      [good.map((v) => (v.fieldId === box ? { ...v, checked: false } : v)), m.fieldRequired],
      [good.map((v) => (v.fieldId === text ? { ...v, text: '   ' } : v)), m.fieldRequired],
      [[...good, { fieldId: name!, kind: 'text', text: 'Someone Else' }], m.fieldFilledByServer('name')],
      [[...good, { fieldId: optionalBox!, kind: 'text', text: 'x' }], m.fieldValueWrong('checkbox')],
      [[...good, { fieldId: 999_999, kind: 'text', text: 'x' }], m.fieldUnknown],
      [[...good, good[1]], m.fieldUnknown],
      [
        good.map((v) => (v.fieldId === sig ? { ...v, image: 'data:image/gif;base64,R0lGODlh' } : v)),
        m.imageUnsupported,
      ],
      [
        good.map((v) => (v.fieldId === sig ? { ...v, image: 'data:image/png;base64,AAAA' } : v)),
        m.imageUnsupported,
      ],
      [[...good, { fieldId: initials!, kind: 'saved', signatureId: 1 }], m.savedNotAllowed],
    ];
    for (const [values, message] of cases) {
      const res = await browser.post(`/api/sign/${token}/complete`, { values });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await browser.post(`/api/sign/${token}/complete`, { values: [{ fieldId: sig, kind: 'image' }] }))
        .statusCode,
    ).toBe(400);
    expect(ctx.seam.stamps.filter((s) => s.signerName === 'Ann Checks')).toHaveLength(0);

    const done = await browser.post(`/api/sign/${token}/complete`, { values: good });
    expect(done.statusCode, done.body).toBe(200);
    const stamp = ctx.seam.stamps.filter((s) => s.signerName === 'Ann Checks')[0]!;
    const today = new Date(ctx.clock.now()).toISOString().slice(0, 10);
    expect(stamp.fields.map((f) => f.kind)).toEqual(['signature', 'name', 'date', 'text', 'checkbox']);
    expect(stamp.fields[1]).toMatchObject({
      kind: 'name',
      text: 'Ann Checks',
      page: 1,
      rect: { x: 72, y: 670, width: 180, height: 20 },
    });
    expect(stamp.fields[2]).toMatchObject({ kind: 'date', text: today });
    expect(stamp.fields[4]).toMatchObject({ kind: 'checkbox', checked: true });
    expect(stamp.images).toHaveLength(1);
    expect(stamp.images[0]!.width).toBeGreaterThan(0);
    const sigField = stamp.fields[0]!;
    expect(sigField.kind === 'signature' && sigField.verification.reference).toMatch(
      /^SIG-\d{8}-[A-Z2-9]{12}$/,
    );
    const current = (await o.agent.get(`/api/documents/${docId}/requests/current`)).json().request;
    expect(current.fields.map((f: { value: string | null }) => f.value)).toEqual([
      null,
      null,
      'Ann Checks',
      today,
      'Flat 3, 12 High St',
      'true',
      null,
    ]);
  });

  test("a link cannot fill another recipient's fields", async () => {
    const ann = person('Ann Own');
    const bob = person('Bob Own');
    const { request } = await requestFor([ann, bob], { order: 'parallel' });
    const token = await mailedToken(ctx, ann.email);
    const bobsField = request.fields.find((f) => f.recipientId === request.recipients[1]!.id)!;
    const annsField = request.fields.find((f) => f.recipientId === request.recipients[0]!.id)!;
    const browser = recipientAgent(ctx.app);
    await browser.get(`/api/sign/${token}`);
    const res = await browser.post(`/api/sign/${token}/complete`, {
      values: [
        { fieldId: annsField.id, kind: 'image', image: ctx.png },
        { fieldId: bobsField.id, kind: 'image', image: ctx.png },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: m.fieldUnknown, fieldId: bobsField.id });
  });

  test('a signed-in recipient may use a saved signature; another account may not', async () => {
    const ann = await owner(ctx, 'AnnSaved');
    const saved = await ann.agent.post('/api/signatures', { signatureData: ctx.png });
    expect(saved.statusCode).toBe(201);
    const { request } = await requestFor([{ name: 'Ann Saved', email: ann.email, role: 'signer' }]);
    const token = await mailedToken(ctx, ann.email);
    const field = request.fields[0]!.id;
    const stranger = await owner(ctx, 'NotAnn');
    await stranger.agent.get(`/api/sign/${token}`);
    const refused = await stranger.agent.post(`/api/sign/${token}/complete`, {
      values: [{ fieldId: field, kind: 'saved', signatureId: saved.json().id }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(m.savedNotAllowed);
    const view = (await ann.agent.get(`/api/sign/${token}`)).json<SigningView>();
    expect(view.savedSignaturesAllowed).toBe(true);
    const res = await ann.agent.post(`/api/sign/${token}/complete`, {
      values: [{ fieldId: field, kind: 'saved', signatureId: saved.json().id }],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  test('the last finish seals the file: completed, mailed to all with a link, verifiable, every revision recognised', async () => {
    const ann = person('Ann Final');
    const bob = person('Bob Final');
    const viewer = person('Vic Final', 'viewer');
    const { owner: o, docId, request } = await requestFor([ann, bob, viewer], { order: 'parallel' });
    expect((await signAs(ctx, await mailedToken(ctx, ann.email))).json().lastOne).toBe(false);
    expect((await o.agent.get(`/api/documents/${docId}`)).json().status).toBe('awaiting');
    const last = await signAs(ctx, await mailedToken(ctx, bob.email));
    expect(last.json()).toEqual({ message: m.finishedLast, lastOne: true });

    const doc = (await o.agent.get(`/api/documents/${docId}`)).json();
    expect(doc).toMatchObject({ status: 'completed', reference: expect.stringMatching(/^DOC-/) });
    expect(doc.signatures.map((s: { signerName: string }) => s.signerName)).toEqual([
      'Ann Final',
      'Bob Final',
    ]);
    const final = await getBytes(ctx.app, o.agent, `/api/documents/${docId}/download`);
    expect(final.bytes.subarray(0, ctx.pdf.length).equals(ctx.pdf)).toBe(true);
    expect(sha(final.bytes)).toBe(doc.signedSha256);
    // The two revisions, then the audit-trail page and one seal over the whole file.
    const sizes = await ctx.app.pdf.run('pageSizes', final.bytes);
    expect(sizes.kind === 'ok' && sizes.pages.length).toBe(3);
    const byteRanges = [
      ...final.bytes.toString('latin1').matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/g),
    ];
    expect(byteRanges).toHaveLength(1);
    const [, , , c, d] = byteRanges[0]!.map(Number);
    expect(c! + d!).toBe(final.bytes.length);

    const current = (await o.agent.get(`/api/documents/${docId}/requests/current`)).json().request;
    expect(current.status).toBe('completed');
    expect(current.recipients.map((r: { status: string }) => r.status)).toEqual(['signed', 'signed', 'sent']);
    expect(current.events.at(-1)).toMatchObject({ kind: 'completed', actor: 'Inkproof' });
    const seal = ctx.seam.seals.at(-1)!;
    expect(seal.events.map((e) => e.kind)).toEqual(current.events.map((e: { kind: string }) => e.kind));
    expect(seal.revisions.map((r) => r.label)).toEqual(
      current.events
        .filter((e: { kind: string }) => e.kind === 'signed')
        .map((e: { actor: string }) => `Signed by ${e.actor.split(' <')[0]}`),
    );
    expect(seal.original).toEqual({ sha256: sha(ctx.pdf), length: ctx.pdf.length });

    // Everyone is mailed: the owner a link to the document, recipients a download link of their own.
    const ownerMail = (await mailsTo(ctx, o.email)).at(-1)!;
    expect(subjectOf(ownerMail)).toBe('"Lease agreement" has been signed by everyone');
    // The final PDF (audit trail inside) travels with the mail; the link is there as well.
    const attached = pdfAttachment(ownerMail)!;
    expect(attached.filename).toBe('Lease agreement (signed).pdf');
    expect(attached.bytes.equals(final.bytes)).toBe(true);
    expect(ownerMail.text).toContain('The final PDF is attached.');
    expect(ownerMail.text).toContain(`/verify-signature?document=${doc.reference}`);
    for (const r of [ann, bob, viewer]) {
      const mail = (await mailsTo(ctx, r.email)).at(-1)!;
      expect(subjectOf(mail)).toBe('"Lease agreement" has been signed by everyone');
      expect(pdfAttachment(mail)!.bytes.equals(final.bytes)).toBe(true);
      const link = linkIn(mail, '/shared/');
      const shared = await new Agent(ctx.app).get(`/api/shared/${link.pathname.split('/').pop()}`);
      expect(shared.statusCode).toBe(200);
      const file = await getBytes(ctx.app, null, shared.json().fileUrl);
      expect(file.bytes.equals(final.bytes)).toBe(true);
    }

    // Each signature's QR opens a public record: name, masked address, time, document.
    const stamps = ctx.seam.stamps.filter((s) => s.signerName === 'Ann Final');
    const sigField = stamps.at(-1)!.fields[0]!;
    if (sigField.kind !== 'signature') throw new Error('expected a signature field');
    const verified = await new Agent(ctx.app).get(
      `/api/signatures/reference/${sigField.verification.reference}`,
    );
    expect(verified.statusCode).toBe(200);
    const annRecord = verified.json();
    expect(annRecord).toMatchObject({
      signerName: 'Ann Final',
      signingRequest: { signerEmail: `a***@${ann.email.split('@')[1]}`, documentName: 'Lease agreement' },
    });
    expect(annRecord.createdAt).toBe(current.recipients[0].signedAt);
    expect(JSON.stringify(annRecord)).not.toContain(ann.email);
    expect(new URL(sigField.verification.verifyUrl).searchParams.get('ref')).toBe(
      sigField.verification.reference,
    );

    // "Check a document": the sealed file, the original and each revision.
    const checker = new Agent(ctx.app);
    await checker.get('/api/csrf');
    const check = async (hash: string) =>
      (await checker.post('/api/documents/check-hash', { sha256: hash })).json();
    expect((await check(doc.signedSha256)).match).toBe('signed');
    expect(await check(sha(ctx.pdf))).toMatchObject({ match: 'original', reference: doc.reference });
    const revisions = await ctx.app.db
      .selectFrom('signing_revisions')
      .selectAll()
      .where('request_id', '=', request.id)
      .orderBy('number')
      .execute();
    expect(revisions.map((r) => r.number)).toEqual([1, 2]);
    for (const r of revisions) {
      expect(final.bytes.subarray(0, r.size).toString('latin1')).toBe(
        final.bytes.subarray(0, r.size).toString('latin1'),
      );
      expect(sha(final.bytes.subarray(0, r.size))).toBe(r.sha256);
      expect(await check(r.sha256)).toMatchObject({
        match: 'original',
        revision: r.number,
        reference: doc.reference,
      });
    }
  });
});

describe('POST /api/sign/{token}/decline', () => {
  test('stops the request and mails the owner the reason; every link dies', async () => {
    const ann = person('Ann Decline');
    const bob = person('Bob Parallel');
    const { owner: o, docId } = await requestFor([ann, bob], { order: 'parallel' });
    const token = await mailedToken(ctx, ann.email);
    const bobToken = await mailedToken(ctx, bob.email);
    const browser = recipientAgent(ctx.app);
    await browser.get(`/api/sign/${token}`);
    expect((await browser.post(`/api/sign/${token}/decline`, { reason: '  ' })).json().message).toBe(
      m.reasonRequired,
    );
    const res = await browser.post(`/api/sign/${token}/decline`, { reason: 'The rent is wrong.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.declined);
    const mail = (await mailsTo(ctx, o.email)).at(-1)!;
    expect(subjectOf(mail)).toBe(`Ann Decline (${ann.email}) declined to sign "Lease agreement"`);
    expect(mail.text).toContain('The rent is wrong.');
    expect((await recipientAgent(ctx.app).get(`/api/sign/${bobToken}`)).statusCode).toBe(404);
    expect((await browser.get(`/api/sign/${token}`)).statusCode).toBe(404);
    const current = (await o.agent.get(`/api/documents/${docId}/requests/current`)).json().request;
    expect(current.status).toBe('declined');
    expect(current.recipients[0]).toMatchObject({ status: 'declined', declineReason: 'The rent is wrong.' });
    expect(current.events.at(-1)).toMatchObject({ kind: 'declined', detail: 'The rent is wrong.' });
    expect((await o.agent.get(`/api/documents/${docId}`)).json().status).toBe('pending');
  });
});

describe('rate limits', () => {
  test('calls are limited per link and per IP (429), the unknown link too', async () => {
    const ann = person('Ann Busy');
    await requestFor([ann]);
    const token = await mailedToken(ctx, ann.email);
    await ctx.app.limitsStore.save({ signingCallsPerTokenPerHour: 3 });
    try {
      const browser = recipientAgent(ctx.app);
      for (let i = 0; i < 3; i++) expect((await browser.get(`/api/sign/${token}`)).statusCode).toBe(200);
      const limited = await recipientAgent(ctx.app).get(`/api/sign/${token}`);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(m.tooManyAttempts);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await ctx.app.limitsStore.save({ signingCallsPerTokenPerHour: 300 });
    }
    await ctx.app.limitsStore.save({ signingCallsPerIpPerHour: 2 });
    try {
      const prober = recipientAgent(ctx.app);
      for (let i = 0; i < 2; i++)
        expect(
          (await prober.get(`/api/sign/${crypto.randomBytes(32).toString('base64url')}`)).statusCode,
        ).toBe(404);
      expect((await prober.get(`/api/sign/${crypto.randomBytes(32).toString('base64url')}`)).statusCode).toBe(
        429,
      );
    } finally {
      await ctx.app.limitsStore.save({ signingCallsPerIpPerHour: 600 });
    }
  });

  test('a call refused as malformed still counts against its link, and the 429 names the wait', async () => {
    const ann = person('Ann Malformed');
    await requestFor([ann]);
    const token = await mailedToken(ctx, ann.email);
    await ctx.app.limitsStore.save({ signingCallsPerTokenPerHour: 2 });
    try {
      const browser = recipientAgent(ctx.app);
      expect((await browser.get(`/api/sign/${token}`)).statusCode).toBe(200);
      expect((await browser.post(`/api/sign/${token}/verify-code`, { code: 'nope' })).statusCode).toBe(400);
      const limited = await browser.get(`/api/sign/${token}`);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        message: m.tooManyAttempts,
        retryAfter: Number(limited.headers['retry-after']),
      });
    } finally {
      await ctx.app.limitsStore.save({ signingCallsPerTokenPerHour: 300 });
    }
  });
});

describe('reminders', () => {
  test('the reminder job mails a fresh link after the first delay, then every few days, until the end', async () => {
    const ann = person('Ann Remind');
    await requestFor([ann], { reminders: { firstAfterDays: 2, everyDays: 3 } });
    const first = await mailedToken(ctx, ann.email);
    const advanced = { ms: 0 };
    const advance = (ms: number) => {
      ctx.clock.advance(ms);
      advanced.ms += ms;
    };
    try {
      advance(DAY);
      await ctx.scheduler.runDue();
      expect(await mailsTo(ctx, ann.email)).toHaveLength(1);
      advance(DAY + MINUTE);
      await ctx.scheduler.runDue();
      const mails = await mailsTo(ctx, ann.email);
      expect(mails).toHaveLength(2);
      expect(subjectOf(mails[1]!)).toBe('Reminder: OlgaOwner asks you to sign "Lease agreement"');
      const second = await mailedToken(ctx, ann.email, 2);
      const browser = recipientAgent(ctx.app);
      expect((await browser.get(`/api/sign/${first}`)).statusCode).toBe(200);
      expect((await browser.get(`/api/sign/${second}`)).statusCode).toBe(200);
      advance(3 * DAY);
      await ctx.scheduler.runDue();
      expect(await mailsTo(ctx, ann.email)).toHaveLength(3);
      expect((await signAs(ctx, second)).statusCode).toBe(200);
      advance(3 * DAY);
      await ctx.scheduler.runDue();
      expect(await mailsTo(ctx, ann.email)).toHaveLength(4); // the completion mail, no more reminders
      expect(subjectOf((await mailsTo(ctx, ann.email))[3]!)).toMatch(/signed by everyone/);
    } finally {
      ctx.clock.advance(-advanced.ms);
    }
  });
});
