import fc from 'fast-check';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { referenceSchema } from '#shared/signatures/schemas.ts';
import { isPlainReference } from './verification.routes.ts';

const text = fc.string({ unit: 'binary' });

test('the look-up quick check passes no reference the schema refuses or changes', () => {
  const schema = z.object({ ref: referenceSchema });
  const refs = fc.oneof(text, fc.stringMatching(/^ ?SIG-\d{8}-[A-Za-z0-9]{4,60}(-[A-Z0-9]+)? ?$/));
  fc.assert(
    fc.property(refs, (ref) => {
      if (!isPlainReference(ref)) return;
      const parsed = schema.safeParse({ ref });
      expect(parsed.success && parsed.data.ref).toBe(ref);
    }),
    { numRuns: 5000 },
  );
});
