import type { ApiErrorCode } from '#shared/api/errors.ts';
import { idParam } from '#shared/api/common.ts';
import {
  apiSigningRequest,
  createRequestBody,
  recipientParams,
  requestListQuery,
  requestPage,
} from '#shared/api/requests.ts';
import { documentMessages } from '#shared/documents/messages.ts';
import { requestMessages as m } from '#shared/requests/messages.ts';
import type { App } from '#server/app-types.ts';
import { conflict, invalid, notFound, unavailable, type Outcome } from '#server/lib/outcomes.ts';
import { requestActor } from '../requests/audit.ts';
import { createRequest, type CreateOutcome } from '../requests/compose.ts';
import { cancel, ownerMail, type OwnerConflict, type OwnerOutcome } from '../requests/owner.ts';
import { composeLimit, recipientMailLimit } from '../requests/requests.routes.ts';
import { decodeCursor, pageFrom } from './cursor.ts';
import { apiUser } from './v1.routes.ts';

const TAGS = ['Signing requests'];

const conflictCode: Record<OwnerConflict, ApiErrorCode> = {
  request_not_active: 'request_not_active',
  recipient_not_due: 'recipient_not_due',
  recipient_finished: 'recipient_finished',
  recipient_is_viewer: 'recipient_is_viewer',
  no_download_link: 'request_not_active',
};

/** An owner's action answers the request as it now is, or the outcome that stopped it. */
function ownerAnswer(r: OwnerOutcome) {
  if (r.kind === 'missing') throw notFound(r.message);
  if (r.kind === 'conflict') throw conflict(r.message, { code: conflictCode[r.reason] });
  return r.request;
}

/** A request that could not be made: a field at fault is named as the schema's own issues are. */
function createRefused(r: Exclude<CreateOutcome, { kind: 'ok' }>): Outcome {
  switch (r.kind) {
    case 'missing':
      return notFound(documentMessages.notFound);
    case 'invalid':
      return r.path
        ? invalid(r.message, {
            code: 'validation_failed',
            issues: [{ path: r.path.join('.'), message: r.message }],
          })
        : invalid(r.message);
    case 'document-state':
      return conflict(r.message, { code: 'document_not_pending' });
    case 'busy':
      return unavailable(m.busy, 30);
  }
}

/** Signing requests through the public API: the browser's compose and owner flows, with a token. */
export function requestsV1(api: App) {
  api.post(
    '/requests',
    {
      config: { scope: 'requests:write' },
      schema: {
        tags: TAGS,
        operationId: 'createRequest',
        summary: 'Send a document for signature',
        description:
          'Creates the request and mails the recipients who may act now (all signers and approvers in ' +
          'parallel order, the first in sequential order). Counts against the hourly limit of requests ' +
          'a user may send, with the ones sent from the browser.',
        body: createRequestBody,
        response: { 201: apiSigningRequest },
      },
      preHandler: composeLimit(api, (req) => apiUser(req).id),
    },
    async (req, reply) => {
      const user = apiUser(req);
      const { documentId, ...body } = req.body;
      const result = await createRequest(
        api.requests,
        user,
        documentId,
        body,
        requestActor(user.name, user.email, req),
      );
      if (result.kind !== 'ok') throw createRefused(result);
      return reply.code(201).send(result.request);
    },
  );

  api.get(
    '/requests',
    {
      config: { scope: 'requests:read' },
      schema: {
        tags: TAGS,
        operationId: 'listRequests',
        summary: 'List signing requests, newest first',
        querystring: requestListQuery,
        response: { 200: requestPage },
      },
    },
    async (req) => {
      const { cursor, limit, status, documentId } = req.query;
      const before = decodeCursor(cursor)?.id ?? null;
      const rows = await api.requests.page(apiUser(req).id, { before, limit, status, documentId });
      return pageFrom(
        rows,
        limit,
        (r) => ({ id: r.id }),
        (r) => r,
      );
    },
  );

  api.get(
    '/requests/:id',
    {
      config: { scope: 'requests:read' },
      schema: {
        tags: TAGS,
        operationId: 'getRequest',
        summary: 'A signing request with its recipients, fields and audit trail',
        params: idParam,
        response: { 200: apiSigningRequest },
      },
    },
    async (req) => {
      const found = await api.requests.owned(apiUser(req).id, req.params.id);
      if (!found) throw notFound(m.requestNotFound);
      return found;
    },
  );

  api.post(
    '/requests/:id/cancel',
    {
      config: { scope: 'requests:write' },
      schema: {
        tags: TAGS,
        operationId: 'cancelRequest',
        summary: 'Cancel an open signing request',
        description:
          "Every recipient's link stops working, the document is pending again (its original intact), " +
          'and the recipients already mailed are told.',
        params: idParam,
        response: { 200: apiSigningRequest },
      },
    },
    async (req) => {
      const user = apiUser(req);
      return ownerAnswer(
        await cancel(api.requests, user, req.params.id, requestActor(user.name, user.email, req)),
      );
    },
  );

  const mailLimit = recipientMailLimit(api, (req) => (req.params as { recipientId: number }).recipientId);
  const mails = {
    remind: {
      operationId: 'remindRecipient',
      summary: 'Remind a recipient',
      description:
        'Mails the recipient a new link; the links they already have keep working. Only a signer or ' +
        'approver whose turn it is and who has not finished.',
    },
    resend: {
      operationId: 'resendRecipient',
      summary: "Resend a recipient's link",
      description:
        'Mails the recipient a new link and stops the earlier ones (and any identity code confirmed ' +
        'with them), e.g. after a mistyped or leaked mail. Only a signer or approver whose turn it is ' +
        'and who has not finished.',
    },
  } as const;
  for (const how of ['remind', 'resend'] as const) {
    api.post(
      `/requests/:id/recipients/:recipientId/${how}`,
      {
        config: { scope: 'requests:write' },
        schema: {
          tags: TAGS,
          ...mails[how],
          description: `${mails[how].description} Counts against the hourly limit of mails per recipient, with the browser's.`,
          params: recipientParams,
          response: { 200: apiSigningRequest },
        },
        // Counted only for the owner's own requests: another user's ids answer 404, uncounted.
        preHandler: async (req) => {
          if (await api.requests.ownedRequest(apiUser(req).id, req.params.id)) await mailLimit(req);
        },
      },
      async (req) => {
        const user = apiUser(req);
        const result = await ownerMail(
          api.requests,
          user,
          req.params.id,
          req.params.recipientId,
          how,
          requestActor(user.name, user.email, req),
        );
        return ownerAnswer(result);
      },
    );
  }
}
