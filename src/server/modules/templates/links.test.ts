import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestMessages } from '#shared/requests/messages.ts';
import type { Template } from '#shared/templates/answers.ts';
import { linkMessages as lm, type LinkSettingsInput, type TemplateLink } from '#shared/templates/links.ts';
import type { TemplatePatchInput } from '#shared/templates/schemas.ts';
import type { Agent } from '#server/test/agent.ts';
import { apiUser } from '#server/test/api.ts';
import { upload } from '#server/test/documents.ts';
import {
  mailedToken,
  mailsTo,
  owner,
  person,
  readCode,
  recipientAgent,
  requestsTestApp,
  signAs,
  type Ctx,
} from '#server/test/requests.ts';
import { LINK_CODES_PER_IP_PER_HOUR } from './links.routes.ts';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await requestsTestApp();
});
afterAll(() => ctx.close());

/** A client who fills the link, then the landlord (set with the link) countersigns. */
const leaseSettings: TemplatePatchInput = {
  roles: [
    { name: 'Client', role: 'signer' },
    { name: 'Landlord', role: 'signer' },
  ],
  fields: [
    { role: 0, type: 'signature', page: 1, rect: { x: 72, y: 100, width: 180, height: 80 } },
    { role: 1, type: 'signature', page: 1, rect: { x: 300, y: 100, width: 180, height: 80 } },
  ],
  order: 'sequential',
  requireCode: true,
};

async function readyTemplate(agent: Agent, name = 'Flat lease'): Promise<Template> {
  const made = await upload(
    ctx.app,
    agent,
    { name },
    { filename: 'lease.pdf', bytes: ctx.pdf },
    '/api/templates',
  );
  expect(made.statusCode, made.body).toBe(201);
  const id = (made.json().template as Template).id;
  const res = await agent.request('PATCH', `/api/templates/${id}`, leaseSettings);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().template as Template;
}

async function withLink(extra: Partial<LinkSettingsInput> = {}) {
  const o = await owner(ctx);
  const t = await readyTemplate(o.agent);
  const res = await o.agent.put(`/api/templates/${t.id}/link`, {
    openRole: 0,
    assignees: [{ role: 1, name: 'Lars Landlord', email: o.email }],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { o, t, link: res.json().link as TemplateLink };
}

/** A visitor's browser that opened the page and asked for a code. */
async function visitor(slug: string, name = 'Cora Client') {
  const agent = recipientAgent(ctx.app);
  const email = person(name).email;
  const info = await agent.get(`/api/d/${slug}`);
  expect(info.statusCode, info.body).toBe(200);
  const started = await agent.post(`/api/d/${slug}/start`, { name, email });
  expect(started.statusCode, started.body).toBe(200);
  return { agent, email, name };
}

const submissions = async (o: { agent: Agent }, t: Template) => {
  const res = await o.agent.get(`/api/templates/${t.id}/link/submissions`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: { name: string; email: string; status: string | null }[]; total: number };
};

describe('a public link', () => {
  test('a visitor confirms their address, signs on their own request, and the owner countersigns', async () => {
    const { o, t, link } = await withLink();
    expect(link).toMatchObject({
      templateId: t.id,
      openRole: 0,
      assignees: [{ role: 1, name: 'Lars Landlord', email: o.email }],
      paused: false,
      expiresAt: null,
      maxSubmissions: null,
      submissions: 0,
      state: 'open',
    });
    expect(link.slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.path).toBe(`/d/${link.slug}`);
    expect((await o.agent.get(`/api/templates/${t.id}/link`)).json().link).toEqual(link);

    const v = recipientAgent(ctx.app);
    const info = await v.get(`/api/d/${link.slug}`);
    expect(info.json()).toEqual({
      templateName: 'Flat lease',
      senderName: 'OlgaOwner',
      openRole: 'Client',
      state: 'open',
    });
    const email = person('Cora').email;
    const started = await v.post(`/api/d/${link.slug}/start`, {
      name: 'Cora Client',
      email: email.toUpperCase(),
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().message).toBe(lm.codeSent(email));
    const code = await readCode(ctx, email);
    const verified = await v.post(`/api/d/${link.slug}/verify`, { code });
    expect(verified.statusCode, verified.body).toBe(200);
    const signUrl = verified.json().signUrl as string;
    expect(signUrl).toMatch(/^\/sign\/[A-Za-z0-9_-]{43}$/);
    const token = signUrl.split('/').pop()!;

    // The same browser opens its signing page without a second code.
    const view = await v.get(`/api/sign/${token}`);
    expect(view.json()).toMatchObject({
      locked: false,
      ready: true,
      code: { required: true, verified: true },
      recipient: { name: 'Cora Client', email },
      document: { name: 'Flat lease – Cora Client' },
    });
    // Another browser with the link still needs the code.
    expect((await recipientAgent(ctx.app).get(`/api/sign/${token}`)).json().locked).toBe(true);

    expect((await signAs(ctx, token, v)).statusCode).toBe(200);
    const listed = await submissions(o, t);
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({ name: 'Cora Client', email, status: 'active' });

    // The landlord's turn comes by mail, as for any request.
    const landlordToken = await mailedToken(ctx, o.email);
    const landlord = recipientAgent(ctx.app);
    await landlord.get(`/api/sign/${landlordToken}`);
    expect((await landlord.post(`/api/sign/${landlordToken}/code`)).statusCode).toBe(200);
    const landlordCode = await readCode(ctx, o.email);
    expect(
      (await landlord.post(`/api/sign/${landlordToken}/verify-code`, { code: landlordCode })).statusCode,
    ).toBe(200);
    const last = await signAs(ctx, landlordToken, landlord);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().lastOne).toBe(true);
    expect((await submissions(o, t)).items[0]!.status).toBe('completed');
    const again = (await o.agent.get(`/api/templates/${t.id}/link`)).json().link as TemplateLink;
    expect(again.submissions).toBe(1);
    expect((await o.agent.get(`/api/templates/${t.id}`)).json().template.uses).toBe(1);

    const sub = (await submissions(o, t)).items[0] as unknown as { requestId: number; documentId: number };
    const requestId = sub.requestId;
    const req = (await o.agent.get(`/api/documents/${sub.documentId}/requests/current`)).json().request;
    expect(req.id).toBe(requestId);
    expect(req.recipients.map((r: { name: string; email: string }) => [r.name, r.email])).toEqual([
      ['Cora Client', email],
      ['Lars Landlord', o.email],
    ]);
    const events = await ctx.app.db
      .selectFrom('signing_events')
      .select(['kind', 'ip', 'detail'])
      .where('request_id', '=', requestId)
      .where('kind', '=', 'code-verified')
      .execute();
    // The visitor's (confirmed on the link, with their IP) and the landlord's.
    expect(events).toHaveLength(2);
    expect(events[0]!.detail).toContain(email);
    expect(events[0]!.ip).toMatch(/^192\.0\.2\./);
  });

  test('a printable QR code of the link', async () => {
    const { o, t } = await withLink();
    const res = await o.agent.get(`/api/templates/${t.id}/link/qr.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  test('turned off: the address stops working, the requests it made stay', async () => {
    const { o, t, link } = await withLink();
    const v = await visitor(link.slug);
    const ok = await v.agent.post(`/api/d/${link.slug}/verify`, { code: await readCode(ctx, v.email) });
    expect(ok.statusCode).toBe(200);
    const off = await o.agent.request('DELETE', `/api/templates/${t.id}/link`);
    expect(off.statusCode).toBe(200);
    expect((await recipientAgent(ctx.app).get(`/api/d/${link.slug}`)).statusCode).toBe(404);
    expect((await v.agent.get(ok.json().signUrl.replace('/sign/', '/api/sign/'))).statusCode).toBe(200);
    expect((await o.agent.get(`/api/templates/${t.id}/link`)).json()).toEqual({ link: null });
    // A new link gets a new address.
    const again = await o.agent.put(`/api/templates/${t.id}/link`, {
      openRole: 0,
      assignees: [{ role: 1, name: 'L', email: o.email }],
    });
    expect(again.json().link.slug).not.toBe(link.slug);
  });
});

describe('refusals', () => {
  test('settings that do not fit the template', async () => {
    const o = await owner(ctx);
    const t = await readyTemplate(o.agent);
    const put = (body: unknown) => o.agent.put(`/api/templates/${t.id}/link`, body);
    const future = new Date(ctx.clock.now() + 86_400_000).toISOString();
    const cases: [unknown, string][] = [
      [{ openRole: 2, assignees: [] }, lm.openRoleInvalid],
      [{ openRole: 0, assignees: [] }, lm.assigneesRequired(['Landlord'])],
      [{ openRole: 0, assignees: [{ role: 0, name: 'A', email: 'a@example.com' }] }, lm.assigneeRoleInvalid],
      [
        {
          openRole: 0,
          assignees: [{ role: 1, name: 'A', email: 'a@example.com' }],
          expiresAt: new Date(ctx.clock.now() - 1000).toISOString(),
        },
        lm.expiryInPast,
      ],
      [
        { openRole: 0, assignees: [{ role: 1, name: 'A', email: 'a@example.com' }], maxSubmissions: 0 },
        lm.maxInvalid,
      ],
      [
        { openRole: 0, assignees: [{ role: 1, name: 'A', email: 'not an address' }] },
        requestMessages.recipientEmailInvalid,
      ],
      [{ openRole: 'x' }, lm.openRoleInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await o.agent.get(`/api/templates/${t.id}/link`)).json()).toEqual({ link: null });
    expect((await o.agent.request('DELETE', `/api/templates/${t.id}/link`)).statusCode).toBe(404);
    expect((await o.agent.get(`/api/templates/${t.id}/link/qr.svg`)).statusCode).toBe(404);
    const ok = await put({
      openRole: 0,
      assignees: [{ role: 1, name: 'A', email: 'a@example.com' }],
      expiresAt: future,
      maxSubmissions: 3,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().link).toMatchObject({ maxSubmissions: 3, expiresAt: future });

    // Viewers cannot be the open role.
    await o.agent.request('PATCH', `/api/templates/${t.id}`, {
      roles: [...leaseSettings.roles!, { name: 'Agent', role: 'viewer' }],
    });
    const viewer = await put({
      openRole: 2,
      assignees: [
        { role: 0, name: 'A', email: 'a@example.com' },
        { role: 1, name: 'B', email: 'b@example.com' },
      ],
    });
    expect(viewer.statusCode).toBe(400);
    expect(viewer.json().message).toBe(lm.openRoleViewer);
  });

  test("another user's template answers 404 to every owner's route", async () => {
    const { t } = await withLink();
    const other = await owner(ctx, 'Mallory');
    const body = { openRole: 0, assignees: [{ role: 1, name: 'M', email: other.email }] };
    for (const res of [
      await other.agent.get(`/api/templates/${t.id}/link`),
      await other.agent.put(`/api/templates/${t.id}/link`, body),
      await other.agent.request('DELETE', `/api/templates/${t.id}/link`),
      await other.agent.get(`/api/templates/${t.id}/link/submissions`),
      await other.agent.get(`/api/templates/${t.id}/link/qr.svg`),
    ])
      expect(res.statusCode).toBe(404);
    // Signed out: the owner's routes need a user.
    expect((await recipientAgent(ctx.app).get(`/api/templates/${t.id}/link`)).statusCode).toBe(401);
  });

  test('unknown links, bad input, and a code not asked for', async () => {
    const { link } = await withLink();
    const v = recipientAgent(ctx.app);
    expect((await v.get('/api/d/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await v.get('/api/d/short')).json().message).toBe(lm.notFound);
    await v.get(`/api/d/${link.slug}`);
    expect(
      (await v.post('/api/d/AAAAAAAAAAAAAAAAAAAAAA/start', { name: 'A', email: 'a@example.com' })).statusCode,
    ).toBe(404);
    const noName = await v.post(`/api/d/${link.slug}/start`, { name: '', email: 'a@example.com' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(requestMessages.recipientNameRequired);
    expect((await v.post(`/api/d/${link.slug}/start`, { name: 'A', email: 'nope' })).statusCode).toBe(400);
    const early = await v.post(`/api/d/${link.slug}/verify`, { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'code_not_sent', message: lm.codeNeeded });
    const badFormat = await v.post(`/api/d/${link.slug}/verify`, { code: '12' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toBe(requestMessages.codeFormat);
    // Without the page's session and CSRF token, nothing is mailed.
    const bare = recipientAgent(ctx.app);
    expect(
      (await bare.post(`/api/d/${link.slug}/start`, { name: 'A', email: 'a@example.com' })).statusCode,
    ).toBe(403);
  });

  test('a wrong code 5 times: the code is spent, a new one works', async () => {
    const { link } = await withLink();
    const v = await visitor(link.slug);
    const code = await readCode(ctx, v.email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (const left of [4, 3, 2, 1]) {
      const res = await v.agent.post(`/api/d/${link.slug}/verify`, { code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: requestMessages.codeWrong(left), attemptsLeft: left });
    }
    const fifth = await v.agent.post(`/api/d/${link.slug}/verify`, { code: wrong });
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json()).toMatchObject({ code: 'code_expired', newCodeNeeded: true });
    expect((await v.agent.post(`/api/d/${link.slug}/verify`, { code })).statusCode).toBe(410);
    // Another browser cannot use this browser's code.
    const thief = recipientAgent(ctx.app);
    await thief.get(`/api/d/${link.slug}`);
    expect((await thief.post(`/api/d/${link.slug}/verify`, { code })).statusCode).toBe(409);

    await v.agent.post(`/api/d/${link.slug}/start`, { name: v.name, email: v.email });
    const fresh = await readCode(ctx, v.email, 2);
    expect((await v.agent.post(`/api/d/${link.slug}/verify`, { code: fresh })).statusCode).toBe(200);
    // Used once.
    expect((await v.agent.post(`/api/d/${link.slug}/verify`, { code: fresh })).statusCode).toBe(409);
  });

  test('an expired code is refused', async () => {
    const { link } = await withLink();
    const v = await visitor(link.slug);
    const code = await readCode(ctx, v.email);
    ctx.clock.advance(10 * 60 * 1000 + 1);
    const res = await v.agent.post(`/api/d/${link.slug}/verify`, { code });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('code_expired');
    // The ten-minute clean-up drops it.
    await ctx.app.templateLinks.purgeExpired();
    const left = await ctx.app.db
      .selectFrom('template_link_codes')
      .select('id')
      .where('email', '=', v.email)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('the owner closes the link', () => {
  test('paused: 409 until it opens again, the page says so', async () => {
    const { o, t, link } = await withLink();
    const v = await visitor(link.slug);
    const code = await readCode(ctx, v.email);
    const settings = { openRole: 0, assignees: link.assignees };
    await o.agent.put(`/api/templates/${t.id}/link`, { ...settings, paused: true });
    expect((await v.agent.get(`/api/d/${link.slug}`)).json().state).toBe('paused');
    const start = await v.agent.post(`/api/d/${link.slug}/start`, { name: 'A', email: 'a@example.com' });
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ code: 'link_paused', message: lm.paused });
    expect((await v.agent.post(`/api/d/${link.slug}/verify`, { code })).statusCode).toBe(409);
    await o.agent.put(`/api/templates/${t.id}/link`, { ...settings, paused: false });
    expect((await v.agent.post(`/api/d/${link.slug}/verify`, { code })).statusCode).toBe(200);
  });

  test('expired: 410', async () => {
    const { link } = await withLink({ expiresAt: new Date(ctx.clock.now() + 60 * 60 * 1000).toISOString() });
    const v = await visitor(link.slug);
    ctx.clock.advance(60 * 60 * 1000);
    expect((await v.agent.get(`/api/d/${link.slug}`)).json().state).toBe('expired');
    const res = await v.agent.post(`/api/d/${link.slug}/verify`, { code: await readCode(ctx, v.email) });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'link_expired', message: lm.expired });
  });

  test('a maximum of submissions holds under parallel visitors; then 410', async () => {
    const { o, t, link } = await withLink({ maxSubmissions: 2 });
    const visitors = [];
    for (const name of ['Ann', 'Ben', 'Cid', 'Dee', 'Eve']) visitors.push(await visitor(link.slug, name));
    const codes = await Promise.all(visitors.map((v) => readCode(ctx, v.email)));
    const results = await Promise.all(
      visitors.map((v, i) => v.agent.post(`/api/d/${link.slug}/verify`, { code: codes[i] })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 410, 410, 410]);
    for (const r of results.filter((x) => x.statusCode === 410))
      expect(r.json()).toMatchObject({ code: 'link_exhausted', message: lm.exhausted });
    const after = (await o.agent.get(`/api/templates/${t.id}/link`)).json().link as TemplateLink;
    expect(after).toMatchObject({ submissions: 2, state: 'exhausted' });
    expect((await submissions(o, t)).total).toBe(2);
    expect((await recipientAgent(ctx.app).get(`/api/d/${link.slug}`)).json().state).toBe('exhausted');
    const late = recipientAgent(ctx.app);
    await late.get(`/api/d/${link.slug}`);
    const start = await late.post(`/api/d/${link.slug}/start`, { name: 'F', email: 'f@example.com' });
    expect(start.statusCode).toBe(410);
    expect((await mailsTo(ctx, 'f@example.com')).length).toBe(0);
  });
});

describe('rate limits', () => {
  test('codes per IP, and per address', async () => {
    const { link } = await withLink();
    const v = recipientAgent(ctx.app);
    await v.get(`/api/d/${link.slug}`);
    for (let i = 0; i < LINK_CODES_PER_IP_PER_HOUR; i++) {
      const res = await v.post(`/api/d/${link.slug}/start`, { name: 'A', email: person('Ip').email });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await v.post(`/api/d/${link.slug}/start`, { name: 'A', email: person('Ip').email });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json().message).toBe(lm.tooManyCodes);

    const email = person('Same').email;
    const tries = [];
    for (let i = 0; i < 6; i++) {
      const a = recipientAgent(ctx.app);
      await a.get(`/api/d/${link.slug}`);
      tries.push((await a.post(`/api/d/${link.slug}/start`, { name: 'A', email })).statusCode);
    }
    expect(tries).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test('calls per IP', async () => {
    const { link } = await withLink();
    const v = recipientAgent(ctx.app);
    let last = 200;
    for (let i = 0; i < 130 && last === 200; i++) last = (await v.get(`/api/d/${link.slug}`)).statusCode;
    expect(last).toBe(429);
  });
});

describe('/api/v1/templates/{id}/link', () => {
  test('turned on, read, changed, listed and turned off with a token', async () => {
    const u = await apiUser(ctx.app);
    const t = await readyTemplate(u.agent);
    expect((await u.api.get(`/api/v1/templates/${t.id}/link`)).statusCode).toBe(404);
    const bad = await u.api.put(`/api/v1/templates/${t.id}/link`, { openRole: 0, assignees: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      message: lm.assigneesRequired(['Landlord']),
    });
    const on = await u.api.put(`/api/v1/templates/${t.id}/link`, {
      openRole: 0,
      assignees: [{ role: 1, name: 'Lars Landlord', email: 'lars@example.com' }],
      maxSubmissions: 5,
    });
    expect(on.statusCode, on.body).toBe(200);
    const link = on.json<TemplateLink>();
    expect(link).toMatchObject({ openRole: 0, maxSubmissions: 5, state: 'open', submissions: 0 });
    expect((await u.api.get(`/api/v1/templates/${t.id}/link`)).json()).toEqual(link);
    const paused = await u.api.put(`/api/v1/templates/${t.id}/link`, {
      openRole: 0,
      assignees: link.assignees,
      paused: true,
    });
    expect(paused.json()).toMatchObject({ slug: link.slug, state: 'paused' });
    expect((await u.api.get(`/api/v1/templates/${t.id}/link/submissions`)).json()).toEqual({
      items: [],
      total: 0,
    });
    expect((await u.api.delete(`/api/v1/templates/${t.id}/link`)).statusCode).toBe(204);
    expect((await u.api.get(`/api/v1/templates/${t.id}/link`)).statusCode).toBe(404);

    const other = await apiUser(ctx.app);
    expect((await other.api.get(`/api/v1/templates/${t.id}/link/submissions`)).statusCode).toBe(404);
  });
});
