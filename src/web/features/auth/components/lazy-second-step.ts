import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';

/**
 * The second sign-in step shows only for accounts with two-factor sign-in, after the password
 * (or a mailed link): its form, with react-hook-form and zod, loads then.
 */
export const loadSecondStepForm = reloadingOnMissingChunk(() =>
  import('#web/features/auth/components/second-step-form.tsx').then((module) => ({
    default: module.SecondStepForm,
  })),
);
