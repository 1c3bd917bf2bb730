import { accountMessages as m } from '#shared/accounts/messages.ts';
import { ApiError } from '#web/lib/api.ts';

interface Texts {
  fallback: string;
  hint: string;
  unexpected: string;
}

/**
 * Settings: a server refusal shows its message (or the fallback) with a hint toast; anything
 * else (network, a bug) is 'An unexpected error occurred' with the form's own description.
 */
export function describeSettingsError(error: Error, texts: Texts) {
  if (error instanceof ApiError) {
    return {
      inline: error.message || texts.fallback,
      toast: { title: texts.fallback, description: texts.hint },
    };
  }
  return { inline: m.unexpectedError, toast: { title: m.unexpectedError, description: texts.unexpected } };
}
