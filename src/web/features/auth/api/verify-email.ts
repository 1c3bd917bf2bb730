import { accountMessages as m } from '#shared/accounts/messages.ts';
import { apiFetch, readBody } from '#web/lib/api.ts';

/** `finishSignUp`: the link confirmed a sign-up, whose first log-in (with the link's token) creates the account. */
export type VerifyEmailResult = { ok: boolean; message: string; finishSignUp?: boolean };

/** GET /api/verify-email: the HTTP status decides success; the body only supplies the message. */
export async function verifyEmail(token: string, email: string): Promise<VerifyEmailResult> {
  let response: Response;
  let body: Awaited<ReturnType<typeof readBody>>;
  try {
    response = await apiFetch('GET', '/api/verify-email', { query: { token, email } });
    body = await readBody(response);
  } catch {
    return { ok: false, message: m.verifyNetwork };
  }
  if (!body.isJson) return { ok: false, message: m.verifyBadResponse };
  const json = body.json as { message?: unknown; finishSignUp?: unknown } | null;
  const message = typeof json?.message === 'string' && json.message ? json.message : undefined;
  if (response.ok)
    return { ok: true, message: message ?? m.verifyOk, finishSignUp: json?.finishSignUp === true };
  return { ok: false, message: message ?? m.verifyFailedFallback };
}
