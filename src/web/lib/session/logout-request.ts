import { ApiError, apiFetch, discardBody, errorMessage, readBody } from '#web/lib/api.ts';

/** POST /api/logout. The body of a successful answer is not read. */
export async function logout(): Promise<void> {
  const response = await apiFetch('POST', '/api/logout');
  if (!response.ok) {
    const body = await readBody(response);
    throw new ApiError(errorMessage(response, body), response.status, body.json);
  }
  discardBody(response);
}
