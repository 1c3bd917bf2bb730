import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { sha256Fallback } from './sha256.ts';

test('the SHA-256 used without crypto.subtle matches Node', () => {
  for (const n of [0, 55, 56, 64, 1000, 65_537]) {
    const data = crypto.randomBytes(n);
    expect(Buffer.from(sha256Fallback(new Uint8Array(data))).toString('hex')).toBe(
      crypto.createHash('sha256').update(data).digest('hex'),
    );
  }
});
