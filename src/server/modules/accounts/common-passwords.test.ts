import { expect, test } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords.ts';

test('the bundled list holds at least 100,000 leaked passwords a new password could equal', () => {
  expect(commonPasswordCount()).toBeGreaterThanOrEqual(100_000);
});

test('look-ups ignore case, refuse listed passwords and pass others', () => {
  expect(isCommonPassword('P@ssw0rd')).toBe(true);
  expect(isCommonPassword('pASSWORD1!')).toBe(true);
  expect(isCommonPassword('Tr0ub4dor&3-horse-Staple')).toBe(false);
  expect(isCommonPassword('short')).toBe(false);
  // the time a look-up takes is a figure of `npm run bench -- accounts`
});
