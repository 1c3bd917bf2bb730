import { apiFetch, discardBody } from '#web/lib/api.ts';

/** POST /api/session/keepalive (no body, 204): tells the server's idle timer the user is active. */
export async function keepalive(): Promise<{ signedOut: boolean }> {
  const response = await apiFetch('POST', '/api/session/keepalive');
  discardBody(response);
  return { signedOut: response.status === 401 };
}
