import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';
import { withQueries } from '#web/lib/with-queries.tsx';

/**
 * The second sign-in step shows only for accounts with two-factor sign-in, after the password
 * (or a mailed link): its form, with react-hook-form, zod and the query client, loads then.
 */
export const loadSecondStepForm = reloadingOnMissingChunk(
  withQueries(
    async () => (await import('#web/features/auth/components/second-step-form.tsx')).SecondStepForm,
  ),
);
