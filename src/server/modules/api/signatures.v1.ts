import { idParam } from '#shared/api/common.ts';
import {
  apiSignature,
  apiSignatureDetail,
  signatureCreate,
  signatureListQuery,
  signaturePage,
  type ApiSignature,
} from '#shared/api/signatures.ts';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import type { App } from '#server/app-types.ts';
import { conflict, invalid, notFound, Outcome } from '#server/lib/outcomes.ts';
import { imageRefused } from '../signatures/image-answers.ts';
import { toOwnSignature, type SignatureWithLookups } from '../signatures/signatures.service.ts';
import { decodeCursor, pageFrom } from './cursor.ts';
import { apiUser } from './v1.routes.ts';

function toApiSignature(row: SignatureWithLookups): ApiSignature & { image: string } {
  const own = toOwnSignature(row);
  return { ...own, hasImage: own.signatureData !== '', image: own.signatureData };
}

/** Signatures through the public API: the same service and outcomes as the browser's routes. */
export function signaturesV1(api: App) {
  api.get(
    '/signatures',
    {
      config: { scope: 'signatures:read' },
      schema: {
        tags: ['Signatures'],
        operationId: 'listSignatures',
        summary: 'List signatures, newest first',
        description:
          'Pages with `cursor` and `limit`; images are left out (get one signature for its image).',
        querystring: signatureListQuery,
        response: { 200: signaturePage },
      },
    },
    async (req) => {
      const { cursor, limit } = req.query;
      const before = decodeCursor(cursor)?.id ?? null;
      const rows = await api.signatures.page(apiUser(req).id, { before, limit });
      return pageFrom(
        rows,
        limit,
        (s) => ({ id: s.id }),
        (s) => apiSignature.parse(toApiSignature(s)),
      );
    },
  );

  api.get(
    '/signatures/:id',
    {
      config: { scope: 'signatures:read' },
      schema: {
        tags: ['Signatures'],
        operationId: 'getSignature',
        summary: 'Get a signature',
        description: 'The signature with its image.',
        params: idParam,
        response: { 200: apiSignatureDetail },
      },
    },
    async (req) => {
      const row = await api.signatures.get(apiUser(req).id, req.params.id);
      if (!row) throw notFound(m.idNotFound);
      return toApiSignature(row);
    },
  );

  api.post(
    '/signatures',
    {
      config: { scope: 'signatures:write' },
      schema: {
        tags: ['Signatures'],
        operationId: 'createSignature',
        summary: 'Create a signature from an image',
        description:
          'Saves a signature for the token owner. Private by default: it gets an unguessable reference ' +
          'and verifies only once it signed a document. With `public: true` anyone may verify it by ' +
          'reference, and a reference number may be chosen (409 `signature_reference_taken` when in ' +
          'use). The image is a PNG or SVG data URL; one over the size or complexity limits is 413, ' +
          'one that cannot be read 400 `signature_image_invalid`.',
        body: signatureCreate,
        response: { 201: apiSignatureDetail },
      },
    },
    async (req, reply) => {
      const user = apiUser(req);
      const body = req.body;
      if (body.referenceNumber && !body.public)
        throw invalid('A chosen reference number needs public: true', {
          code: 'signature_reference_private',
        });
      const result = await api.signatures.save(
        {
          signatureData: body.image ?? '',
          signerName: body.signerName,
          additionalData: body.additionalData,
          referenceNumber: body.referenceNumber,
          isDefault: body.isDefault,
          // The service's two ways to save: published with consent, or private as the signing panel does.
          consent: body.public ? true : undefined,
        },
        user,
        req.ip,
      );
      switch (result.kind) {
        case 'consent-required':
          throw invalid(m.consentRequired);
        case 'reference-taken':
          throw conflict(m.referenceTaken, { code: 'signature_reference_taken' });
        case 'image': {
          const refused = imageRefused(result.refusal);
          throw refused.kind === 'invalid'
            ? new Outcome(refused.kind, refused.message, { code: 'signature_image_invalid' })
            : refused;
        }
      }
      await api.activity.log('signature-created', {
        userId: user.id,
        ip: req.ip,
        detail: result.signature.reference_number,
      });
      return reply.code(201).send(toApiSignature(result.signature));
    },
  );

  api.post(
    '/signatures/:id/revoke',
    {
      config: { scope: 'signatures:write' },
      schema: {
        tags: ['Signatures'],
        operationId: 'revokeSignature',
        summary: 'Revoke a signature',
        description:
          'From now on its verification answers 410 `signature_revoked`; documents it signed keep their ' +
          'signature. Revoking a revoked signature keeps its first revocation time.',
        params: idParam,
        response: { 200: apiSignature },
      },
    },
    async (req) => {
      const user = apiUser(req);
      const revoked = await api.signatures.revoke(user.id, req.params.id);
      if (!revoked) throw notFound(m.idNotFound);
      await api.activity.log('signature-revoked', { userId: user.id, ip: req.ip, detail: `#${revoked.id}` });
      const row = await api.signatures.get(user.id, revoked.id);
      if (!row) throw notFound(m.idNotFound);
      return apiSignature.parse(toApiSignature(row));
    },
  );
}
