import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentMessages } from '#shared/documents/messages.ts';
import { SHARE_LINK_TTL_DAYS } from '#shared/documents/schemas.ts';
import { requestMessages as m } from '#shared/requests/messages.ts';
import type { SigningRequest } from '#shared/requests/schemas.ts';
import { Agent } from '#server/test/agent.ts';
import { linkIn } from '#server/test/smtp.ts';
import {
  body,
  mailedToken,
  mailsTo,
  owner,
  person,
  requestsTestApp,
  send,
  signAs,
  uploaded,
  type Ctx,
} from '#server/test/requests.ts';

let ctx: Ctx;
beforeAll(async () => {
  ctx = await requestsTestApp();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

/** A one-signer request, sent and (unless `sign` is false) signed to completion. */
async function completed(extra: Parameters<typeof body>[1] = {}, sign = true) {
  const o = await owner(ctx);
  const docId = await uploaded(ctx, o.agent);
  const ann = person('Ann Link');
  const request = await send(ctx, o.agent, docId, body([ann], extra));
  if (sign) expect((await signAs(ctx, await mailedToken(ctx, ann.email))).json().lastOne).toBe(true);
  const current = async () =>
    (await o.agent.get(`/api/documents/${docId}/requests/current`)).json().request as SigningRequest;
  const completionMail = async (email: string) =>
    (await mailsTo(ctx, email)).find((x) => x.text.includes('has finished "Lease agreement"'))!;
  const links = () =>
    ctx.app.db.selectFrom('share_links').selectAll().where('document_id', '=', docId).execute();
  return { o, docId, ann, request, current, completionMail, links };
}

const tokenOf = (url: URL) => url.pathname.split('/').pop()!;

describe("the recipients' download link", () => {
  test('is on unless the owner says otherwise, and the answer says so', async () => {
    const { request } = await completed({}, false);
    expect(request).toMatchObject({ recipientsDownloadLink: true, recipientsLinkExpiresAt: null });
  });

  test('off: completion makes no link and mails the file without one', async () => {
    const { o, ann, current, completionMail, links } = await completed({ recipientsDownloadLink: false });
    const request = await current();
    expect(request).toMatchObject({
      status: 'completed',
      recipientsDownloadLink: false,
      recipientsLinkExpiresAt: null,
    });
    expect(await links()).toEqual([]);
    const mail = await completionMail(ann.email);
    expect(mail.text).not.toContain('/shared/');
    expect(mail.text).toContain('The final PDF is attached.');
    expect(mail.text).not.toContain('download link');
    expect((await completionMail(o.email)).text).toContain(
      'The recipients received the final PDF attached, without a download link.',
    );
  });

  test("on: each recipient's link is the request's, with its expiry, not the owner's share link", async () => {
    const { o, docId, ann, current, completionMail, links } = await completed();
    const request = await current();
    const until = new Date(Date.parse(request.endedAt!) + SHARE_LINK_TTL_DAYS * DAY).toISOString();
    expect(request).toMatchObject({ recipientsDownloadLink: true, recipientsLinkExpiresAt: until });
    expect((await links()).map((l) => l.request_id)).toEqual([request.id]);
    const mail = await completionMail(ann.email);
    expect(mail.text).toContain(`The download link works until ${until.slice(0, 10)} (UTC)`);
    expect((await completionMail(o.email)).text).toContain(
      `Each recipient received a download link of their own, valid until ${until.slice(0, 10)} (UTC).`,
    );
    // The document itself is not shared: "Stop sharing" is about the owner's own links.
    expect((await o.agent.get(`/api/documents/${docId}`)).json()).toMatchObject({
      shared: false,
      shareExpiresAt: null,
    });
    expect((await o.agent.request('DELETE', `/api/documents/${docId}/share`)).statusCode).toBe(200);
    const token = tokenOf(linkIn(mail, '/shared/'));
    expect((await new Agent(ctx.app).get(`/api/shared/${token}`)).statusCode).toBe(200);
  });

  test('the owner turns it off after completion: the mailed link answers as dead', async () => {
    const { o, ann, request, completionMail } = await completed();
    const token = tokenOf(linkIn(await completionMail(ann.email), '/shared/'));
    const res = await o.agent.request('DELETE', `/api/requests/${request.id}/download-link`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(m.downloadLinkRevoked);
    expect(res.json().request).toMatchObject({ recipientsDownloadLink: false });
    const dead = await new Agent(ctx.app).get(`/api/shared/${token}`);
    expect(dead.statusCode).toBe(404);
    expect(dead.json()).toEqual({ message: documentMessages.shareNotFound });
    expect((await new Agent(ctx.app).get(`/api/shared/${token}/file`)).statusCode).toBe(404);
  });

  test('turned off while the request is open: completion makes none', async () => {
    const { o, ann, request, current, links } = await completed({}, false);
    const res = await o.agent.request('DELETE', `/api/requests/${request.id}/download-link`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(m.downloadLinkOff);
    expect((await signAs(ctx, await mailedToken(ctx, ann.email))).json().lastOne).toBe(true);
    expect((await current()).status).toBe('completed');
    expect(await links()).toEqual([]);
  });

  test("another owner's request answers 404; a cancelled one 409", async () => {
    const { o, request } = await completed({}, false);
    const stranger = await owner(ctx, 'NotOlga');
    const foreign = await stranger.agent.request('DELETE', `/api/requests/${request.id}/download-link`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: m.requestNotFound });
    expect((await o.agent.post(`/api/requests/${request.id}/cancel`)).statusCode).toBe(200);
    const ended = await o.agent.request('DELETE', `/api/requests/${request.id}/download-link`);
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toEqual({ message: m.downloadLinkNone });
  });
});
