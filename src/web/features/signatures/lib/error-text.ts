import { ApiError } from '#web/lib/api.ts';

/** The server's message when it sent one, else the spec's fallback for the action. */
export const errorText = (error: Error, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;
