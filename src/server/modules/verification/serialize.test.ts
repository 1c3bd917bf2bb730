import fc from 'fast-check';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { REFERENCE_MAX, REFERENCE_PATTERN } from '#shared/signatures/reference.ts';
import { referenceSchema, type PublicSignature } from '#shared/signatures/schemas.ts';
import { serializePublicSignature } from './serialize.ts';

const text = fc.string({ unit: 'binary' });
// Keyed by every field of the type: a field added to PublicSignature does not compile here until
// the test makes it, and then the comparison below fails until serialize.ts writes it.
const fields: { [K in keyof Required<PublicSignature>]: fc.Arbitrary<PublicSignature[K]> } = {
  id: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  signerName: text,
  createdAt: text,
  expiresAt: fc.option(text, { nil: null }),
  additionalData: text,
  referenceNumber: text,
  signatureData: text,
  isRegisteredUser: fc.boolean(),
  signingRequest: fc.record({ signerEmail: text, documentName: text }),
  documentUse: fc.record({
    documents: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    firstSignedAt: text,
    lastSignedAt: text,
  }),
};
const signature: fc.Arbitrary<PublicSignature> = fc.record(fields, {
  requiredKeys: [
    'id',
    'signerName',
    'createdAt',
    'expiresAt',
    'additionalData',
    'referenceNumber',
    'signatureData',
    'isRegisteredUser',
  ],
});

test('the look-up answer is byte for byte what JSON.stringify writes, any text included', () => {
  fc.assert(
    fc.property(signature, (s) => {
      expect(serializePublicSignature(s)).toBe(JSON.stringify(s));
    }),
    { numRuns: 2000 },
  );
});

test('the look-up quick check passes no reference the schema refuses or changes', () => {
  const schema = z.object({ ref: referenceSchema });
  const quick = (ref: string) => ref.length <= REFERENCE_MAX && REFERENCE_PATTERN.test(ref);
  const refs = fc.oneof(text, fc.stringMatching(/^ ?SIG-\d{8}-[A-Za-z0-9]{4,60}(-[A-Z0-9]+)? ?$/));
  fc.assert(
    fc.property(refs, (ref) => {
      if (!quick(ref)) return;
      const parsed = schema.safeParse({ ref });
      expect(parsed.success && parsed.data.ref).toBe(ref);
    }),
    { numRuns: 5000 },
  );
});
