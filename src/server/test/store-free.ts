/**
 * Test files that never open a database: pure code, the PDF and image workers, crypto. The
 * PostgreSQL run (TEST_DATABASE_URL set) leaves them out, where they would only repeat the SQLite
 * run (~30 s of CI). store-free.test.ts checks that nothing they import, however
 * indirectly, opens one.
 */
export const STORE_FREE = [
  'src/server/lib/batched-counter.test.ts',
  'src/server/lib/clock.test.ts',
  'src/server/lib/cookies.test.ts',
  'src/server/lib/one-at-a-time.test.ts',
  'src/server/lib/settings-store.test.ts',
  'src/server/lifecycle.test.ts',
  'src/server/modules/accounts/common-passwords.test.ts',
  'src/server/modules/images/image-pool.test.ts',
  'src/server/modules/pdf/pdf-pool.test.ts',
  'src/server/modules/pdf/pkcs12.test.ts',
  'src/server/modules/pdf/request-jobs.test.ts',
  'src/server/modules/pdf/revision.test.ts',
  'src/server/modules/pdf/unicode-text.test.ts',
  'src/server/modules/seals/merkle.test.ts',
  'src/server/modules/seals/tokens.test.ts',
  'src/server/modules/verification/plain-reference.test.ts',
];
